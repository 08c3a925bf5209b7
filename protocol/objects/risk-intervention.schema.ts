/**
 * A risk intervention on an account: why, until when, and where it stands — open and
 * waiting for the account holder's answers (`action_required`), answered and being reviewed
 * (`in_review`), or `resolved` (the review settled, or the platform resolved it). The account
 * holder answers it with the multi-page risk form (`riskFormPages`, the notification banner).
 */
import * as z from "zod/mini";
import { unixSecondsSchema } from "./api-fields.schema.ts";

export const interventionDisabledReasons = [
  "under_review",
  "rejected.fraud",
  "rejected.other",
] as const;

export const riskInterventionStatuses = ["action_required", "in_review", "resolved"] as const;
export type RiskInterventionStatus = (typeof riskInterventionStatuses)[number];

export const riskInterventionSchema = z.strictObject({
  id: z.string(),
  object: z.literal("risk_intervention"),
  account: z.string(),
  reason: z.string(),
  disabled_reason: z.nullable(z.enum(interventionDisabledReasons)),
  deadline: z.nullable(unixSecondsSchema),
  created: unixSecondsSchema,
  status: z.enum(riskInterventionStatuses),
  submitted_at: z.nullable(unixSecondsSchema),
  resolved_at: z.nullable(unixSecondsSchema),
});
export type RiskIntervention = z.output<typeof riskInterventionSchema>;

/** The risk form's answers: what the business does and how it handles disputes. */
const answerText = z.string().check(z.trim(), z.minLength(20), z.maxLength(2000));
export const riskInterventionAnswersSchema = z.strictObject({
  business_description: answerText,
  customer_support_url: z.url({ protocol: /^https?$/ }),
  dispute_explanation: answerText,
  refund_policy: answerText,
});
export type RiskInterventionAnswers = z.output<typeof riskInterventionAnswersSchema>;
export type RiskAnswerField = keyof RiskInterventionAnswers;

/** The risk form's pages, in order, and the answers each collects. */
export const riskFormPages = [
  { type: "business", fields: ["business_description", "customer_support_url"] },
  { type: "disputes", fields: ["dispute_explanation", "refund_policy"] },
] as const satisfies readonly { type: string; fields: readonly RiskAnswerField[] }[];

/**
 * The risk-experience context a submission carries (SPEC.md §3, the fields a multi-page
 * form sets; `riskExperienceContextSchema` is the whole record).
 */
export const riskSubmissionContextSchema = z.strictObject({
  risk_experience_form_name: z.string(),
  risk_experience_surface: z.string(),
  requirement_id: z.string(),
  is_multi_page_form: z.boolean(),
  is_obo: z.boolean(),
  current_page_index: z.int().check(z.nonnegative()),
  new_page_index: z.int().check(z.nonnegative()),
  start_page_type: z.string(),
  end_page_type: z.string(),
});
export type RiskSubmissionContext = z.output<typeof riskSubmissionContextSchema>;

/** `POST /v1/account/risk_interventions/:id/submit`: the answers and their context. */
export const riskInterventionSubmitParamsSchema = z.strictObject({
  answers: riskInterventionAnswersSchema,
  context: riskSubmissionContextSchema,
});
export type RiskInterventionSubmitParams = z.output<typeof riskInterventionSubmitParamsSchema>;
