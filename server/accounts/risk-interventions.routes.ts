/**
 * Risk interventions (test helpers): the platform opens one on its connected account and
 * resolves it. An open intervention appears in the account's requirements as its `interv_…`
 * id; one with a disabled_reason restricts the account (charges and payouts off) until
 * resolved, one without becomes past due at its deadline.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import {
  type RiskIntervention,
  riskInterventionSchema,
} from "../../protocol/objects/risk-intervention.schema.ts";
import type { AppEnv } from "../http/context.ts";
import { invalidRequest, resourceMissing } from "../http/errors.ts";
import { formInteger, formString } from "../http/params.ts";
import { defineRoute } from "../http/route.ts";
import { newId } from "../http/secrets.ts";
import type { RiskInterventionsTable } from "./account.tables.ts";
import { findAccount } from "./find.ts";
import { interventionGrace } from "./requirements.ts";

export const riskInterventionsApp = new OpenAPIHono<AppEnv>();

const render = (
  row: {
    [K in keyof RiskInterventionsTable]: RiskInterventionsTable[K];
  },
): RiskIntervention => ({
  id: row.id,
  object: "risk_intervention",
  account: row.account_id,
  reason: row.reason,
  disabled_reason: row.disabled_reason,
  deadline: row.deadline,
  created: row.created,
  resolved_at: row.resolved_at,
});

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
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return render(row);
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
    params: z.strictObject({
      id: z.string().min(1).max(255),
      intervention: z.string().min(1).max(255),
    }),
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
    return render(row);
  },
);
