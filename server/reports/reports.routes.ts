/**
 * The report endpoints of balance-report and payout-reconciliation-report (internal
 * components): the summary as JSON, and the itemised CSV (every row of the period with the
 * metadata of the object that moved the money, one `metadata[<key>]` column per key). The
 * reports are computed in SQL (`reports.ts`).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Kysely } from "kysely";
import { z } from "zod";
import {
  balanceReportSchema,
  payoutReconciliationReportSchema,
} from "../../protocol/objects/report.schema.ts";
import type { Database } from "../db/schema.ts";
import type { AppEnv } from "../http/context.ts";
import { invalidRequest } from "../http/errors.ts";
import { currencyParam, formInteger } from "../http/params.ts";
import { defineRoute } from "../http/route.ts";
import { actingAccount, type MoneyPrincipal, payoutComponents } from "../money/access.ts";
import { type CsvColumn, csvResponse, exportFilename, isoTime } from "../money/export.ts";
import { settlePayoutFailures } from "../money/payout-failures.ts";
import {
  balanceReport,
  balanceReportRows,
  type ItemRow,
  type Period,
  payoutReconciliationReport,
  payoutReconciliationRows,
} from "./reports.ts";

export const reportsApp = new OpenAPIHono<AppEnv>();

/** A period of at most this many days. */
const MAX_DAYS = 400;

const periodQuery = z.strictObject({
  interval_start: formInteger(0, 99_999_999_999),
  interval_end: formInteger(0, 99_999_999_999),
  currency: currencyParam.optional(),
});

async function periodOf(
  deps: { db: Kysely<Database>; config: { now(): number } },
  principal: MoneyPrincipal,
  query: z.output<typeof periodQuery>,
): Promise<Period> {
  if (query.interval_end <= query.interval_start)
    throw invalidRequest("interval_end must be after interval_start.", { param: "interval_end" });
  if (query.interval_end - query.interval_start > MAX_DAYS * 86_400)
    throw invalidRequest(`A report covers at most ${MAX_DAYS} days.`, { param: "interval_end" });
  const acting = actingAccount(principal);
  await settlePayoutFailures(deps.db, acting, deps.config.now());
  const account = await deps.db
    .selectFrom("accounts")
    .select("default_currency")
    .where("id", "=", acting.accountId)
    .executeTakeFirst();
  return {
    accountId: acting.accountId,
    currency: query.currency ?? account?.default_currency ?? "usd",
    start: query.interval_start,
    end: query.interval_end,
  };
}

/** The itemised columns, then one `metadata[<key>]` column per metadata key of the rows. */
function itemColumns(rows: readonly ItemRow[], withPayout: boolean): CsvColumn<ItemRow>[] {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r.source_metadata ?? {})))].sort();
  return [
    ...(withPayout ? [{ header: "payout", value: (r: ItemRow) => r.payout_id }] : []),
    { header: "balance_transaction", value: (r) => r.id },
    { header: "created", value: (r) => isoTime(Number(r.created)) },
    { header: "available_on", value: (r) => isoTime(Number(r.available_on)) },
    { header: "type", value: (r) => r.type },
    { header: "reporting_category", value: (r) => r.reporting_category },
    { header: "gross", value: (r) => Number(r.amount) },
    { header: "fee", value: (r) => Number(r.fee) },
    { header: "net", value: (r) => Number(r.net) },
    { header: "currency", value: (r) => r.currency },
    { header: "source", value: (r) => r.source },
    { header: "description", value: (r) => r.description },
    ...keys.map((key) => ({
      header: `metadata[${key}]`,
      value: (r: ItemRow) => r.source_metadata?.[key] ?? null,
    })),
  ];
}

async function* each<T>(rows: readonly T[]): AsyncGenerator<T> {
  yield* rows;
}

defineRoute(
  reportsApp,
  {
    method: "get",
    path: "/v1/reports/balance",
    summary:
      "The balance report of a period (by available_on): starting balance, activity by reporting category, payouts, ending balance",
    tags: ["Reports"],
    auth: ["secret", "account_session"],
    components: payoutComponents,
    query: periodQuery,
    response: balanceReportSchema,
  },
  async ({ deps, principal, query }) =>
    balanceReport(deps.db, await periodOf(deps, principal, query)),
);

defineRoute(
  reportsApp,
  {
    method: "get",
    path: "/v1/exports/balance_report",
    summary:
      "The balance report's itemised CSV: every balance transaction of the period, oldest first, with its source's metadata",
    tags: ["Reports"],
    auth: ["secret", "account_session"],
    components: payoutComponents,
    query: periodQuery,
    response: z.string(),
    produces: "text/csv",
  },
  async ({ deps, principal, query }) => {
    const rows = await balanceReportRows(deps.db, await periodOf(deps, principal, query));
    return csvResponse(
      exportFilename("balance-report", deps.config.now()),
      itemColumns(rows, false),
      each(rows),
    );
  },
);

defineRoute(
  reportsApp,
  {
    method: "get",
    path: "/v1/reports/payout_reconciliation",
    summary:
      "The payout reconciliation report of a period: each payout made in it and what it settled, by reporting category",
    tags: ["Reports"],
    auth: ["secret", "account_session"],
    components: payoutComponents,
    query: periodQuery,
    response: payoutReconciliationReportSchema,
  },
  async ({ deps, principal, query }) =>
    payoutReconciliationReport(deps.db, await periodOf(deps, principal, query), deps.config.now()),
);

defineRoute(
  reportsApp,
  {
    method: "get",
    path: "/v1/exports/payout_reconciliation_report",
    summary:
      "The payout reconciliation's itemised CSV: each transaction a payout of the period settled, with the payout and its source's metadata",
    tags: ["Reports"],
    auth: ["secret", "account_session"],
    components: payoutComponents,
    query: periodQuery,
    response: z.string(),
    produces: "text/csv",
  },
  async ({ deps, principal, query }) => {
    const rows = await payoutReconciliationRows(deps.db, await periodOf(deps, principal, query));
    return csvResponse(
      exportFilename("payout-reconciliation", deps.config.now()),
      itemColumns(rows, true),
      each(rows),
    );
  },
);
