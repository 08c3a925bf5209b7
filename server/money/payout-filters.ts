/**
 * The payouts list's filters (`payoutsFilterSpec`: status, created, amount) as SQL, and its
 * CSV export (`GET /v1/exports/payouts`, the whole filter). A payout's status follows the
 * clock (`payoutStatus` in `render.ts`), so the status filter is the same rule in SQL at the
 * request's `now`.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { type Expression, type SqlBool, sql } from "kysely";
import { z } from "zod";
import { filterQueryShape } from "../../protocol/filter-query.ts";
import { payoutsFilterSpec } from "../../protocol/filters.ts";
import type { PayoutStatus } from "../../protocol/objects/payout.schema.ts";
import type { AppEnv } from "../http/context.ts";
import { defineRoute } from "../http/route.ts";
import { accountRowsInBatches, actingAccount, payoutComponents } from "./access.ts";
import { type CsvColumn, csvResponse, exportFilename, isoTime } from "./export.ts";
import { filterConditions } from "./filters.ts";
import { settlePayoutFailures } from "./payout-failures.ts";
import { type PayoutRow, payoutStatus } from "./render.ts";

export const payoutFilters = z.strictObject(filterQueryShape(payoutsFilterSpec));
export type PayoutFilters = z.output<typeof payoutFilters>;

/** `payoutStatus` in SQL: the payouts row is in `status` at `now`. */
function statusIs(status: PayoutStatus, now: number): Expression<SqlBool> {
  const live = sql`payouts.canceled_at is null`;
  const failed = sql`payouts.failure_code is not null and payouts.submitted_at <= ${now}`;
  switch (status) {
    case "canceled":
      return sql<SqlBool>`payouts.canceled_at is not null`;
    case "failed":
      return sql<SqlBool>`(${live} and ${failed})`;
    case "paid":
      return sql<SqlBool>`(${live} and not (${failed}) and payouts.arrival_date <= ${now})`;
    case "in_transit":
      return sql<SqlBool>`(${live} and not (${failed}) and payouts.submitted_at <= ${now} and payouts.arrival_date > ${now})`;
    case "pending":
      return sql<SqlBool>`(${live} and payouts.submitted_at > ${now})`;
  }
}

/** The conditions of the payouts list's filters at `now`. */
export const payoutConditions = (filters: PayoutFilters, now: number) =>
  filterConditions(payoutsFilterSpec, filters, {
    amount: sql.ref("payouts.amount"),
    created: sql.ref("payouts.created"),
    status: (statuses) => [
      sql<SqlBool>`(${sql.join(
        statuses.map((s) => statusIs(s as PayoutStatus, now)),
        sql` or `,
      )})`,
    ],
  });

const payoutColumns = (now: number): CsvColumn<PayoutRow>[] => [
  { header: "id", value: (p) => p.id },
  { header: "created", value: (p) => isoTime(p.created) },
  { header: "amount", value: (p) => p.amount },
  { header: "currency", value: (p) => p.currency },
  { header: "status", value: (p) => payoutStatus(p, now) },
  { header: "method", value: (p) => p.method },
  { header: "automatic", value: (p) => p.automatic },
  { header: "arrival_date", value: (p) => isoTime(p.arrival_date) },
  { header: "destination", value: (p) => p.destination },
  {
    header: "failure_code",
    value: (p) => (payoutStatus(p, now) === "failed" ? p.failure_code : null),
  },
  { header: "description", value: (p) => p.description },
  { header: "balance_transaction", value: (p) => p.balance_transaction },
];

export const payoutExportsApp = new OpenAPIHono<AppEnv>();

defineRoute(
  payoutExportsApp,
  {
    method: "get",
    path: "/v1/exports/payouts",
    summary:
      "Export every payout the filters select (status, created, amount; the whole filter, newest first) as CSV; amounts in the currency's minor unit",
    tags: ["Payouts"],
    auth: ["secret", "account_session"],
    components: payoutComponents,
    query: payoutFilters,
    response: z.string(),
    produces: "text/csv",
  },
  async ({ deps, principal, query }) => {
    const acting = actingAccount(principal);
    const now = deps.config.now();
    await settlePayoutFailures(deps.db, acting, now);
    return csvResponse(
      exportFilename("payouts", now),
      payoutColumns(now),
      accountRowsInBatches(deps.db, {
        table: "payouts",
        accountId: acting.accountId,
        conditions: payoutConditions(query, now),
      }) as AsyncGenerator<PayoutRow>,
    );
  },
);
