/**
 * Dispute endpoints: list, retrieve, update evidence (and submit it), close; and the
 * sandbox test helpers a provider's test mode offers to drive the cardholder's side
 * (open a dispute, escalate an inquiry, decide a dispute under review).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { listOf } from "../../protocol/objects/api-fields.schema.ts";
import { disputeEvidenceFields, disputeSchema } from "../../protocol/objects/dispute.schema.ts";
import type { AppEnv } from "../http/context.ts";
import { listQueryShape } from "../http/pagination.ts";
import { formBoolean, formString, metadataParam } from "../http/params.ts";
import { defineRoute } from "../http/route.ts";
import { actingAccount, listAccountRows, paymentComponents, requireFeature } from "./access.ts";
import {
  escalateDispute,
  findCharge,
  findDispute,
  openDispute,
  requireStatus,
  resolveDispute,
} from "./disputes.ts";
import { expandList, expandOne } from "./expand.ts";
import { lockAccount } from "./ledger.ts";
import { renderDispute } from "./render.ts";

export const disputesApp = new OpenAPIHono<AppEnv>();

const idParams = z.strictObject({ id: z.string().min(1).max(255) });

defineRoute(
  disputesApp,
  {
    method: "get",
    path: "/v1/disputes/:id",
    summary: "Retrieve a dispute",
    tags: ["Disputes"],
    auth: ["secret", "account_session"],
    components: paymentComponents,
    params: idParams,
    response: disputeSchema,
    expandable: ["charge"],
  },
  async ({ deps, principal, params, expand }) => {
    const acting = actingAccount(principal);
    const now = deps.config.now();
    const dispute = renderDispute(await findDispute(deps.db, acting, params.id), now);
    return expandOne(deps.db, acting.accountId, dispute, expand, now);
  },
);

defineRoute(
  disputesApp,
  {
    method: "get",
    path: "/v1/disputes",
    summary: "List disputes, newest first (optionally of one charge)",
    tags: ["Disputes"],
    auth: ["secret", "account_session"],
    components: paymentComponents,
    query: z.strictObject({ ...listQueryShape, charge: z.string().min(1).max(255).optional() }),
    response: listOf(disputeSchema),
    expandable: ["data.charge"],
  },
  async ({ deps, principal, query, expand }) => {
    const { charge, ...page } = query;
    const now = deps.config.now();
    const { accountId } = actingAccount(principal);
    const list = await listAccountRows(deps.db, {
      table: "disputes",
      accountId,
      query: page,
      url: "/v1/disputes",
      where: { charge },
      render: (row) => renderDispute(row, now),
    });
    return expandList(deps.db, accountId, list, expand, now);
  },
);

defineRoute(
  disputesApp,
  {
    method: "post",
    path: "/v1/disputes/:id",
    summary: "Update a dispute's evidence; submit=true sends it (needs_response → under_review)",
    tags: ["Disputes"],
    auth: ["secret", "account_session"],
    components: paymentComponents,
    params: idParams,
    body: z.strictObject({
      evidence: z
        .strictObject(
          Object.fromEntries(disputeEvidenceFields.map((f) => [f, formString(20_000).optional()])),
        )
        .optional(),
      submit: formBoolean.optional(),
      metadata: metadataParam.optional(),
    }),
    response: disputeSchema,
  },
  async ({ deps, principal, params, body }) => {
    requireFeature(principal, paymentComponents, "dispute_management");
    const acting = actingAccount(principal);
    const now = deps.config.now();
    const row = await deps.db.transaction().execute(async (trx) => {
      const dispute = await findDispute(trx, acting, params.id, true);
      requireStatus(
        dispute,
        body.submit ? ["needs_response"] : ["needs_response", "warning_needs_response"],
        now,
      );
      const evidence = { ...dispute.evidence };
      for (const [field, value] of Object.entries(body.evidence ?? {})) {
        if (typeof value === "string") evidence[field] = value;
      }
      return trx
        .updateTable("disputes")
        .set({
          evidence: JSON.stringify(evidence),
          metadata: JSON.stringify({ ...dispute.metadata, ...(body.metadata ?? {}) }),
          ...(body.submit ? { status: "under_review" as const, evidence_submitted_at: now } : {}),
        })
        .where("id", "=", dispute.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return renderDispute(row, now);
  },
);

defineRoute(
  disputesApp,
  {
    method: "post",
    path: "/v1/disputes/:id/close",
    summary: "Accept a dispute (needs_response → lost; an inquiry → warning_closed)",
    tags: ["Disputes"],
    auth: ["secret", "account_session"],
    components: paymentComponents,
    params: idParams,
    response: disputeSchema,
  },
  async ({ deps, principal, params }) => {
    requireFeature(principal, paymentComponents, "dispute_management");
    const acting = actingAccount(principal);
    const now = deps.config.now();
    const row = await deps.db.transaction().execute(async (trx) => {
      const dispute = await findDispute(trx, acting, params.id, true);
      requireStatus(dispute, ["needs_response", "warning_needs_response"], now);
      const status = dispute.status === "needs_response" ? "lost" : "warning_closed";
      return trx
        .updateTable("disputes")
        .set({ status })
        .where("id", "=", dispute.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return renderDispute(row, now);
  },
);

defineRoute(
  disputesApp,
  {
    method: "post",
    path: "/v1/test_helpers/charges/:id/dispute",
    summary: "Sandbox: the cardholder disputes a charge (an inquiry, or a chargeback)",
    tags: ["Test helpers"],
    auth: ["secret"],
    params: idParams,
    body: z.strictObject({
      status: z.enum(["warning_needs_response", "needs_response"]).optional(),
      reason: z
        .enum([
          "fraudulent",
          "duplicate",
          "product_not_received",
          "subscription_canceled",
          "general",
        ])
        .optional(),
    }),
    response: disputeSchema,
  },
  async ({ deps, principal, params, body }) => {
    const acting = actingAccount(principal);
    const now = deps.config.now();
    const row = await deps.db.transaction().execute(async (trx) => {
      await lockAccount(trx, acting.accountId);
      const charge = await findCharge(trx, acting, params.id, "id", true);
      return openDispute(trx, acting, charge, {
        status: body.status ?? "needs_response",
        now,
        ...(body.reason ? { reason: body.reason } : {}),
      });
    });
    return renderDispute(row, now);
  },
);

defineRoute(
  disputesApp,
  {
    method: "post",
    path: "/v1/test_helpers/disputes/:id/escalate",
    summary: "Sandbox: an inquiry becomes a chargeback (funds withdrawn)",
    tags: ["Test helpers"],
    auth: ["secret"],
    params: idParams,
    response: disputeSchema,
  },
  async ({ deps, principal, params }) => {
    const acting = actingAccount(principal);
    const now = deps.config.now();
    const row = await deps.db.transaction().execute(async (trx) => {
      await lockAccount(trx, acting.accountId);
      return escalateDispute(trx, acting, await findDispute(trx, acting, params.id, true), now);
    });
    return renderDispute(row, now);
  },
);

defineRoute(
  disputesApp,
  {
    method: "post",
    path: "/v1/test_helpers/disputes/:id/resolve",
    summary: "Sandbox: the card network decides a dispute under review",
    tags: ["Test helpers"],
    auth: ["secret"],
    params: idParams,
    body: z.strictObject({ outcome: z.enum(["won", "lost"]) }),
    response: disputeSchema,
  },
  async ({ deps, principal, params, body }) => {
    const acting = actingAccount(principal);
    const now = deps.config.now();
    const row = await deps.db.transaction().execute(async (trx) => {
      await lockAccount(trx, acting.accountId);
      const dispute = await findDispute(trx, acting, params.id, true);
      return resolveDispute(trx, acting, dispute, body.outcome, now);
    });
    return renderDispute(row, now);
  },
);
