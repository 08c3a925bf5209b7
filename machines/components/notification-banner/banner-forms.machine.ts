/**
 * The three forms the notification banner opens, on the kit's form machine: a requirement's
 * one field (`requirementFormMachine`, its schema from `requirementFormSchema`, sent to
 * `POST /v1/account`), the multi-page risk form (`riskFormMachine`, the answers and the
 * risk-experience context of `riskInterventionSubmitParamsSchema`, sent to the
 * intervention's `submit`) and an identity challenge's document form
 * (`challengeFormMachine`, the files' ids and the challenge's context of
 * `identityChallengeParamsSchema`, sent to the intervention's `verify_identity`). The
 * banner machine holds the risk form's page index.
 */
import type { RiskIntervention } from "../../../protocol/objects/risk-intervention.schema.ts";
import {
  IDENTITY_CHALLENGE_VERSION,
  identityChallengeParamsSchema,
  riskFormPages,
  riskInterventionSubmitParamsSchema,
} from "../../../protocol/objects/risk-intervention.schema.ts";
import { createFormMachine } from "../form/form.machine.ts";
import { type FormValues, valuesToBody } from "../form/form.ts";
import { RISK_FORM_NAME } from "./notification-banner.machine.ts";
import { type RequirementField, requirementFormSchema } from "./requirement-forms.ts";

export const riskFormMachine = createFormMachine({
  id: "riskForm",
  schema: riskInterventionSubmitParamsSchema,
});

export const answerPath = (field: string) => `answers[${field}]`;

/** The risk form's values: empty answers, and the context its submission carries. */
export function riskFormValues(intervention: Pick<RiskIntervention, "id">): FormValues {
  const last = riskFormPages.length - 1;
  const answers = riskFormPages.flatMap((p) => p.fields.map((f) => [answerPath(f), ""]));
  return {
    ...Object.fromEntries(answers),
    "context[risk_experience_form_name]": RISK_FORM_NAME,
    "context[risk_experience_surface]": "notification_banner",
    "context[requirement_id]": intervention.id,
    "context[is_multi_page_form]": true,
    "context[is_obo]": false,
    // Submitted from the last page, which ends the form.
    "context[current_page_index]": last,
    "context[new_page_index]": last,
    "context[start_page_type]": riskFormPages[0].type,
    "context[end_page_type]": riskFormPages[last]!.type,
  };
}

/** A requirement's form machine (one per requirement field), for an account in `country`. */
export const requirementFormMachineOf = (field: RequirementField, country = "") =>
  createFormMachine({ id: "requirementForm", schema: requirementFormSchema(field, country) });

/** The document's sides, as the challenge form's field paths. */
export const challengeDocumentPaths = { front: "document[front]", back: "document[back]" } as const;

/**
 * An identity challenge's form: the document, and the context its answer carries — the
 * `sub_challenge_type` said by whether a back was given.
 */
export const challengeFormMachine = createFormMachine({
  id: "challengeForm",
  schema: identityChallengeParamsSchema,
  toBody: (values) => {
    const body = valuesToBody(values) as { context: Record<string, unknown> };
    const back = values[challengeDocumentPaths.back];
    body.context.sub_challenge_type =
      typeof back === "string" && back !== "" ? "front_and_back" : "front_only";
    return body;
  },
});

/** The challenge form's values: no document yet, and the context of its answer here. */
export function challengeFormValues(intervention: Pick<RiskIntervention, "id">): FormValues {
  return {
    [challengeDocumentPaths.front]: "",
    [challengeDocumentPaths.back]: "",
    "context[risk_experience_surface]": "notification_banner",
    "context[requirement_id]": intervention.id,
    "context[is_obo]": false,
    "context[challenge_type]": "identity_document",
    "context[challenge_version]": IDENTITY_CHALLENGE_VERSION,
    "context[identity_verification_source]": "notification_banner",
  };
}
