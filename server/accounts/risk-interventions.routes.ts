/**
 * Risk interventions (test helpers): the platform opens one on its connected account and
 * resolves it. An open intervention appears in the account's requirements as its `interv_…`
 * id; one with a disabled_reason restricts the account (charges and payouts off) until
 * resolved, one without becomes past due at its deadline.
 *
 * The account holder sees its open interventions (`GET /v1/account/risk_interventions`, the
 * notification banner) and answers one with the risk form (`POST …/:id/submit`): it is then
 * in review (in `pending_verification`) for `checkDelay`, after which the sandbox's review
 * settles it as resolved.
 *
 * An intervention of kind `identity_verification` is an identity challenge of one of the
 * account's persons: it is answered with that person's identity document
 * (`POST …/:id/verify_identity`, the files on the files host and the challenge's
 * risk-experience context). In review for `checkDelay` too; then resolved, or — when the
 * sandbox's failure document was given (server/README.md "Sandbox magic values") — open
 * again with its `last_error`, to be answered with another document. The platform reads
 * one intervention, whatever its status, with `GET /v1/accounts/:id/risk_interventions/:id`.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Kysely, Selectable } from "kysely";
import { z } from "zod";
import { listOf } from "../../protocol/objects/api-fields.schema.ts";
import {
  identityChallengeSubTypes,
  identityChallengeTypes,
  identityVerificationSources,
  type RiskIntervention,
  riskInterventionKinds,
  riskInterventionSchema,
} from "../../protocol/objects/risk-intervention.schema.ts";
import type { Database } from "../db/schema.ts";
import type { AppEnv } from "../http/context.ts";
import { invalidRequest, resourceMissing } from "../http/errors.ts";
import { formBoolean, formInteger, formString } from "../http/params.ts";
import { defineRoute } from "../http/route.ts";
import { newId } from "../http/secrets.ts";
import type { RiskInterventionsTable } from "./account.tables.ts";
import { checkDocumentFiles } from "./documents.ts";
import { findAccount } from "./find.ts";
import {
  challengeDocumentFailed,
  checkDelay,
  interventionGrace,
  interventionRefused,
  interventionStatus,
} from "./requirements.ts";
import { magic } from "./verification.ts";

export const riskInterventionsApp = new OpenAPIHono<AppEnv>();

/** A path naming one intervention of one connected account. */
const oneIntervention = z.strictObject({
  id: z.string().min(1).max(255),
  intervention: z.string().min(1).max(255),
});

const render = (row: Selectable<RiskInterventionsTable>, now: number): RiskIntervention => {
  const status = interventionStatus(row, now);
  const settled = row.submitted_at === null ? null : row.submitted_at + checkDelay;
  return {
    id: row.id,
    object: "risk_intervention",
    account: row.account_id,
    reason: row.reason,
    disabled_reason: row.disabled_reason,
    deadline: row.deadline,
    created: row.created,
    status,
    kind: row.kind,
    person: row.person_id,
    last_error:
      status === "action_required" && interventionRefused(row, now)
        ? { ...challengeDocumentFailed }
        : null,
    submitted_at: row.submitted_at,
    resolved_at: row.resolved_at ?? (status === "resolved" ? settled : null),
  };
};

defineRoute(
  riskInterventionsApp,
  {
    method: "post",
    path: "/v1/test_helpers/accounts/:id/risk_interventions",
    summary: "Open a risk intervention on a connected account (test helper)",
    tags: ["Test helpers"],
    auth: ["secret"],
    params: z.strictObject({ id: z.string().min(1).max(255) }),
    body: z.strictObject({
      reason: formString(500).min(1),
      disabled_reason: z.enum(["under_review", "rejected.fraud", "rejected.other"]).optional(),
      deadline: formInteger(0, 99_999_999_999).optional(),
      kind: z.enum(riskInterventionKinds).optional(),
      person: formString(255).min(1).optional(),
    }),
    response: riskInterventionSchema,
  },
  async ({ deps, principal, params, body }) => {
    const account = await findAccount(deps.db, principal.platformId, params.id);
    const now = deps.config.now();
    if (body.deadline !== undefined && body.disabled_reason !== undefined) {
      throw invalidRequest("A restricting intervention has no deadline: it applies at once.", {
        code: "parameter_invalid",
        param: "deadline",
      });
    }
    const kind = body.kind ?? "questionnaire";
    if (kind === "identity_verification" && body.person === undefined) {
      throw invalidRequest("An identity challenge names the person whose identity is checked.", {
        code: "parameter_missing",
        param: "person",
      });
    }
    if (kind === "questionnaire" && body.person !== undefined) {
      throw invalidRequest("A questionnaire is the account's, not a person's.", {
        code: "parameter_invalid",
        param: "person",
      });
    }
    if (body.person !== undefined) {
      const person = await deps.db
        .selectFrom("persons")
        .select("id")
        .where("id", "=", body.person)
        .where("account_id", "=", account.id)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (!person) {
        throw invalidRequest(`The account ${account.id} has no person ${body.person}.`, {
          code: "resource_missing",
          param: "person",
        });
      }
    }
    const row = await deps.db
      .insertInto("risk_interventions")
      .values({
        id: newId("interv"),
        platform_id: account.platform_id,
        account_id: account.id,
        reason: body.reason,
        disabled_reason: body.disabled_reason ?? null,
        deadline:
          body.disabled_reason !== undefined ? null : (body.deadline ?? now + interventionGrace),
        created: now,
        resolved_at: null,
        kind,
        person_id: body.person ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return render(row, deps.config.now());
  },
);

defineRoute(
  riskInterventionsApp,
  {
    method: "post",
    path: "/v1/test_helpers/accounts/:id/risk_interventions/:intervention/resolve",
    summary: "Resolve a risk intervention (test helper)",
    tags: ["Test helpers"],
    auth: ["secret"],
    params: oneIntervention,
    response: riskInterventionSchema,
  },
  async ({ deps, principal, params }) => {
    const account = await findAccount(deps.db, principal.platformId, params.id);
    const row = await deps.db
      .updateTable("risk_interventions")
      .set({ resolved_at: deps.config.now() })
      .where("id", "=", params.intervention)
      .where("account_id", "=", account.id)
      .where("resolved_at", "is", null)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw resourceMissing("open risk intervention", params.intervention);
    return render(row, deps.config.now());
  },
);

/** The components whose views show and answer the account's risk interventions. */
const bannerComponents = ["notification_banner"] as const;

defineRoute(
  riskInterventionsApp,
  {
    method: "get",
    path: "/v1/account/risk_interventions",
    summary: "The session's account's open risk interventions (action required or in review)",
    tags: ["Accounts"],
    auth: ["account_session"],
    components: bannerComponents,
    response: listOf(riskInterventionSchema),
  },
  async ({ deps, principal }) => {
    const account = await findAccount(deps.db, principal.platformId, principal.accountId);
    const now = deps.config.now();
    const rows = await deps.db
      .selectFrom("risk_interventions")
      .selectAll()
      .where("account_id", "=", account.id)
      .where("resolved_at", "is", null)
      .orderBy("created", "desc")
      .orderBy("id", "desc")
      .limit(100)
      .execute();
    return {
      object: "list" as const,
      url: "/v1/account/risk_interventions",
      has_more: false,
      data: rows.map((row) => render(row, now)).filter((i) => i.status !== "resolved"),
    };
  },
);

const answerText = z.string().trim().min(20).max(2000);

defineRoute(
  riskInterventionsApp,
  {
    method: "post",
    path: "/v1/account/risk_interventions/:intervention/submit",
    summary: "Answer a risk intervention with the risk form: it is then in review",
    tags: ["Accounts"],
    auth: ["account_session"],
    components: bannerComponents,
    params: z.strictObject({ intervention: z.string().min(1).max(255) }),
    body: z.strictObject({
      answers: z.strictObject({
        business_description: answerText,
        customer_support_url: z.url({ protocol: /^https?$/ }).max(500),
        dispute_explanation: answerText,
        refund_policy: answerText,
      }),
      context: z.strictObject({
        risk_experience_form_name: formString(200),
        risk_experience_surface: formString(200),
        requirement_id: formString(255),
        is_multi_page_form: formBoolean,
        is_obo: formBoolean,
        current_page_index: formInteger(0, 100),
        new_page_index: formInteger(0, 100),
        start_page_type: formString(100),
        end_page_type: formString(100),
      }),
    }),
    response: riskInterventionSchema,
  },
  async ({ deps, principal, params, body }) => {
    const account = await findAccount(deps.db, principal.platformId, principal.accountId);
    const now = deps.config.now();
    if (body.context.requirement_id !== params.intervention) {
      throw invalidRequest("The form's context names another intervention.", {
        code: "parameter_invalid",
        param: "context[requirement_id]",
      });
    }
    const row = await deps.db
      .updateTable("risk_interventions")
      .set({ submitted_at: now, answers: JSON.stringify(body) })
      .where("id", "=", params.intervention)
      .where("account_id", "=", account.id)
      .where("resolved_at", "is", null)
      .where("submitted_at", "is", null)
      .where("kind", "=", "questionnaire")
      .returningAll()
      .executeTakeFirst();
    if (row) return render(row, now);
    const existing = await deps.db
      .selectFrom("risk_interventions")
      .select("kind")
      .where("id", "=", params.intervention)
      .where("account_id", "=", account.id)
      .executeTakeFirst();
    if (!existing) throw resourceMissing("risk intervention", params.intervention);
    if (existing.kind !== "questionnaire") throw wrongKind(existing.kind, "verify_identity");
    throw notOpen();
  },
);

const wrongKind = (kind: string, answer: string) =>
  invalidRequest(`This risk intervention is a ${kind}: it is answered with ${answer}.`, {
    code: "intervention_kind_invalid",
  });
const notOpen = () =>
  invalidRequest("This risk intervention was answered already.", {
    code: "intervention_not_open",
  });

/** One intervention of the account, whatever its status; a 404 when it has none by that id. */
async function interventionOf(db: Kysely<Database>, accountId: string, id: string) {
  const row = await db
    .selectFrom("risk_interventions")
    .selectAll()
    .where("id", "=", id)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (!row) throw resourceMissing("risk intervention", id);
  return row;
}

const fileId = z.string().regex(/^file_[A-Za-z0-9_]+$/, { error: "Invalid file id" });

defineRoute(
  riskInterventionsApp,
  {
    method: "post",
    path: "/v1/account/risk_interventions/:intervention/verify_identity",
    summary:
      "Answer an identity challenge with the person's identity document: it is then in review",
    tags: ["Accounts"],
    auth: ["account_session"],
    components: bannerComponents,
    params: z.strictObject({ intervention: z.string().min(1).max(255) }),
    body: z.strictObject({
      document: z.strictObject({ front: fileId, back: fileId.optional() }),
      context: z.strictObject({
        risk_experience_surface: formString(200),
        requirement_id: formString(255),
        is_obo: formBoolean,
        challenge_type: z.enum(identityChallengeTypes),
        sub_challenge_type: z.enum(identityChallengeSubTypes),
        challenge_version: formString(50).min(1),
        identity_verification_source: z.enum(identityVerificationSources),
      }),
    }),
    response: riskInterventionSchema,
  },
  async ({ deps, principal, params, body }) => {
    const account = await findAccount(deps.db, principal.platformId, principal.accountId);
    const now = deps.config.now();
    const existing = await interventionOf(deps.db, account.id, params.intervention);
    if (existing.kind !== "identity_verification") throw wrongKind(existing.kind, "submit");
    if (body.context.requirement_id !== params.intervention) {
      throw invalidRequest("The challenge's context names another intervention.", {
        code: "parameter_invalid",
        param: "context[requirement_id]",
      });
    }
    if (interventionStatus(existing, now) !== "action_required") throw notOpen();
    const document = await checkDocumentFiles(
      deps.db,
      account,
      body.document,
      (side) => `document[${side}]`,
    );
    // Another answer since this one read the row (submitted_at moved) finds nothing to update.
    const previous = existing.submitted_at;
    const row = await deps.db
      .updateTable("risk_interventions")
      .set({
        submitted_at: now,
        answers: JSON.stringify(body),
        verification_outcome: document.front === magic.documentFailure ? "failed" : "verified",
      })
      .where("id", "=", existing.id)
      .where("resolved_at", "is", null)
      .where("submitted_at", previous === null ? "is" : "=", previous)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notOpen();
    return render(row, now);
  },
);

defineRoute(
  riskInterventionsApp,
  {
    method: "get",
    path: "/v1/accounts/:id/risk_interventions/:intervention",
    summary: "One risk intervention of a connected account, whatever its status",
    tags: ["Accounts"],
    auth: ["secret"],
    params: oneIntervention,
    response: riskInterventionSchema,
  },
  async ({ deps, principal, params }) => {
    const account = await findAccount(deps.db, principal.platformId, params.id);
    const row = await interventionOf(deps.db, account.id, params.intervention);
    return render(row, deps.config.now());
  },
);
