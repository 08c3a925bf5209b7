/**
 * Dispute endpoints: list, retrieve, update evidence (and submit it), close; and the
 * sandbox test helpers a provider's test mode offers to drive the cardholder's side
 * (open a dispute, escalate an inquiry, decide a dispute under review).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { type Kysely, type SqlBool, sql } from "kysely";
import { z } from "zod";
import { filterQueryShape } from "../../protocol/filter-query.ts";
import { disputesFilterSpec } from "../../protocol/filters.ts";
import { listOf } from "../../protocol/objects/api-fields.schema.ts";
import { disputeReasons, disputeSchema } from "../../protocol/objects/dispute.schema.ts";
import {
  disputeEvidenceFileFields,
  disputeEvidenceTextFields,
  disputeEvidenceTextMax,
  fileIdPattern,
  isEvidenceFileField,
} from "../../protocol/objects/dispute-evidence.schema.ts";
import type { Database } from "../db/schema.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { invalidRequest, resourceMissing } from "../http/errors.ts";
import { listQueryShape } from "../http/pagination.ts";
import { formBoolean, formString, metadataParam } from "../http/params.ts";
import { defineRoute } from "../http/route.ts";
import { recordEvent } from "../webhooks/events.ts";
import {
  type Acting,
  accountRowsInBatches,
  actingAccount,
  listAccountRows,
  paymentComponents,
  requireFeature,
} from "./access.ts";
import {
  escalateDispute,
  findCharge,
  findDispute,
  openDispute,
  requireStatus,
  resolveDispute,
} from "./disputes.ts";
import { expandList, expandOne } from "./expand.ts";
import { type CsvColumn, csvResponse, exportFilename, isoTime } from "./export.ts";
import { filterConditions } from "./filters.ts";
import { lockAccount } from "./ledger.ts";
import { type DisputeRow, disputeStatus, renderDispute } from "./render.ts";

/** The dispute as answered, with its event recorded in the request's transaction. */
async function disputeChanged(
  deps: Deps,
  acting: Acting,
  type: "charge.dispute.created" | "charge.dispute.updated" | "charge.dispute.closed",
  row: DisputeRow,
  now: number,
) {
  const dispute = renderDispute(row, now);
  await recordEvent(deps.db, deps.config, { ...acting, type, object: dispute });
  return dispute;
}

export const disputesApp = new OpenAPIHono<AppEnv>();

const idParams = z.strictObject({ id: z.string().min(1).max(255) });

/**
 * `evidence[<field>]`: text up to its limit, or for a file field the id of a file uploaded
 * with purpose dispute_evidence; an empty string clears the field.
 */
const evidenceParam = z.strictObject({
  ...Object.fromEntries(
    disputeEvidenceTextFields.map((f) => [f, formString(disputeEvidenceTextMax).optional()]),
  ),
  ...Object.fromEntries(
    disputeEvidenceFileFields.map((f) => [
      f,
      z
        .string()
        .regex(fileIdPattern, { error: "must be a file id (file_…) or empty" })
        .or(z.literal(""))
        .optional(),
    ]),
  ),
});

/** Each file named as evidence is one of the account's files for dispute evidence. */
async function requireEvidenceFiles(
  db: Kysely<Database>,
  acting: Acting,
  evidence: Record<string, string | undefined>,
) {
  for (const [field, id] of Object.entries(evidence)) {
    if (!isEvidenceFileField(field) || !id) continue;
    const file = await db
      .selectFrom("files")
      .select("purpose")
      .where("id", "=", id)
      .where("platform_id", "=", acting.platformId)
      .where("account_id", "=", acting.accountId)
      .executeTakeFirst();
    const param = `evidence[${field}]`;
    if (!file) throw resourceMissing("file", id, param);
    if (file.purpose !== "dispute_evidence") {
      throw invalidRequest(
        `File ${id} was uploaded with purpose ${file.purpose}; evidence needs purpose dispute_evidence.`,
        { code: "file_purpose_invalid", param },
      );
    }
  }
}

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

/**
 * A dispute's status filter as stored: an unanswered dispute past due_by reads as lost (an
 * inquiry as warning_closed) without a write (`disputeStatus`), so those two also match the
 * lapsed rows, and the open states only the rows not yet lapsed.
 */
function disputeStatusConditions(statuses: readonly string[], now: number) {
  const status = sql.ref("disputes.status");
  const dueBy = sql.ref("disputes.due_by");
  const lapsed: Record<string, string> = {
    lost: "needs_response",
    warning_closed: "warning_needs_response",
  };
  const open = new Set(Object.values(lapsed));
  const each = statuses.map((s) => {
    if (open.has(s)) return sql<SqlBool>`(${status} = ${s} and ${dueBy} >= ${now})`;
    const from = lapsed[s];
    if (from)
      return sql<SqlBool>`(${status} = ${s} or (${status} = ${from} and ${dueBy} < ${now}))`;
    return sql<SqlBool>`${status} = ${s}`;
  });
  return [sql<SqlBool>`(${sql.join(each, sql` or `)})`];
}

const disputeFilters = z.strictObject(filterQueryShape(disputesFilterSpec));

function disputeRows(
  principal: Parameters<typeof actingAccount>[0],
  filters: z.output<typeof disputeFilters> & { charge?: string | undefined },
  now: number,
) {
  const { charge, ...rest } = filters;
  return {
    table: "disputes" as const,
    accountId: actingAccount(principal).accountId,
    where: { charge },
    conditions: filterConditions(disputesFilterSpec, rest, {
      status: (statuses) => disputeStatusConditions(statuses, now),
      reason: sql.ref("disputes.reason"),
      created: sql.ref("disputes.created"),
    }),
  };
}

defineRoute(
  disputesApp,
  {
    method: "get",
    path: "/v1/disputes",
    summary:
      "List disputes, newest first, filtered by status, reason and created (or those of one charge)",
    tags: ["Disputes"],
    auth: ["secret", "account_session"],
    components: paymentComponents,
    query: disputeFilters.extend({
      ...listQueryShape,
      charge: z.string().min(1).max(255).optional(),
    }),
    response: listOf(disputeSchema),
    expandable: ["data.charge"],
  },
  async ({ deps, principal, query, expand }) => {
    const { limit, starting_after, ending_before, ...filters } = query;
    const now = deps.config.now();
    const rows = disputeRows(principal, filters, now);
    const list = await listAccountRows(deps.db, {
      ...rows,
      query: { limit, starting_after, ending_before },
      url: "/v1/disputes",
      render: (row) => renderDispute(row, now),
    });
    return expandList(deps.db, rows.accountId, list, expand, now);
  },
);

const disputeColumns = (now: number): CsvColumn<DisputeRow>[] => [
  { header: "id", value: (d) => d.id },
  { header: "created", value: (d) => isoTime(d.created) },
  { header: "charge", value: (d) => d.charge },
  { header: "amount", value: (d) => d.amount },
  { header: "currency", value: (d) => d.currency },
  { header: "status", value: (d) => disputeStatus(d, now) },
  { header: "reason", value: (d) => d.reason },
  { header: "evidence_due_by", value: (d) => isoTime(d.due_by) },
  { header: "evidence_submitted_at", value: (d) => isoTime(d.evidence_submitted_at) },
];

defineRoute(
  disputesApp,
  {
    method: "get",
    path: "/v1/exports/disputes",
    summary:
      "Export every dispute the filters select (the whole filter, newest first) as CSV; amounts in the currency's minor unit",
    tags: ["Disputes"],
    auth: ["secret", "account_session"],
    components: ["disputes_list"],
    query: disputeFilters,
    response: z.string(),
    produces: "text/csv",
  },
  async ({ deps, principal, query }) => {
    requireFeature(principal, "export");
    const now = deps.config.now();
    return csvResponse(
      exportFilename("disputes", now),
      disputeColumns(now),
      accountRowsInBatches(deps.db, disputeRows(principal, query, now)),
    );
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
      evidence: evidenceParam.optional(),
      submit: formBoolean.optional(),
      metadata: metadataParam.optional(),
    }),
    response: disputeSchema,
  },
  async ({ deps, principal, params, body }) => {
    requireFeature(principal, "dispute_management");
    const acting = actingAccount(principal);
    const now = deps.config.now();
    const given = (body.evidence ?? {}) as Record<string, string | undefined>;
    const row = await deps.db.transaction().execute(async (trx) => {
      const dispute = await findDispute(trx, acting, params.id, true);
      requireStatus(
        dispute,
        body.submit ? ["needs_response"] : ["needs_response", "warning_needs_response"],
        now,
      );
      await requireEvidenceFiles(trx, acting, given);
      const evidence = { ...dispute.evidence };
      for (const [field, value] of Object.entries(given)) {
        if (value === "") delete evidence[field];
        else if (value !== undefined) evidence[field] = value;
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
    return disputeChanged(deps, acting, "charge.dispute.updated", row, now);
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
    requireFeature(principal, "dispute_management");
    const acting = actingAccount(principal);
    const now = deps.config.now();
    const row = await deps.db.transaction().execute(async (trx) => {
      const dispute = await findDispute(trx, acting, params.id, true);
      requireStatus(dispute, ["needs_response", "warning_needs_response"], now);
      const status = dispute.status === "needs_response" ? "lost" : "warning_closed";
      return trx
        .updateTable("disputes")
        .set({ status, closed_at: now })
        .where("id", "=", dispute.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return disputeChanged(deps, acting, "charge.dispute.closed", row, now);
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
      reason: z.enum(disputeReasons).optional(),
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
    return disputeChanged(deps, acting, "charge.dispute.created", row, now);
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
    return disputeChanged(deps, acting, "charge.dispute.updated", row, now);
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
    return disputeChanged(deps, acting, "charge.dispute.closed", row, now);
  },
);
