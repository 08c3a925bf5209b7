/**
 * The balance report and the payout reconciliation report, computed in SQL from the ledger
 * (`balance_transactions`). A period is `[start, end)` by when each row became available
 * (`available_on`), so the report's balances are the available balance: starting balance =
 * every row available before `start`, ending balance = every row available before `end`,
 * and the rows in between are the activity (by reporting category) and the payouts (the
 * `payout`, `payout_cancel` and `payout_failure` rows). What each payout settled is
 * `payout-settlement.ts`'s rule, joined in the same query.
 */
import { type Kysely, sql } from "kysely";
import type { ReportCategory } from "../../protocol/objects/report.schema.ts";
import type { Database } from "../db/schema.ts";
import { payoutEntryTypes, settledByPayoutRow } from "../money/payout-settlement.ts";
import { type PayoutRow, payoutStatus } from "../money/render.ts";

export interface Period {
  accountId: string;
  currency: string;
  start: number;
  end: number;
}

const isPayoutEntry = sql<boolean>`balance_transactions.type in (${sql.join(
  payoutEntryTypes.map((t) => sql`${t}`),
)})`;

export async function balanceReport(db: Kysely<Database>, p: Period) {
  const totals = await sql<{ starting: number; ending: number; rows: number }>`
    select
      coalesce(sum(net) filter (where available_on < ${p.start}), 0)::int8 as starting,
      coalesce(sum(net) filter (where available_on < ${p.end}), 0)::int8 as ending,
      count(*) filter (where available_on >= ${p.start} and available_on < ${p.end})::int8 as rows
    from balance_transactions
    where account_id = ${p.accountId} and currency = ${p.currency}
  `.execute(db);
  const groups = await sql<ReportCategory & { payout: boolean }>`
    select ${isPayoutEntry} as payout, reporting_category, count(*)::int8 as count,
      sum(amount)::int8 as gross, sum(fee)::int8 as fee, sum(net)::int8 as net
    from balance_transactions
    where account_id = ${p.accountId} and currency = ${p.currency}
      and available_on >= ${p.start} and available_on < ${p.end}
    group by 1, 2
    order by 2
  `.execute(db);
  const category = ({ payout: _, ...c }: ReportCategory & { payout: boolean }) => ({
    ...c,
    count: Number(c.count),
    gross: Number(c.gross),
    fee: Number(c.fee),
    net: Number(c.net),
  });
  const activity = groups.rows.filter((g) => !g.payout).map(category);
  const payouts = groups.rows.filter((g) => g.payout).map(category);
  const row = totals.rows[0];
  return {
    object: "balance_report" as const,
    currency: p.currency,
    interval_start: p.start,
    interval_end: p.end,
    starting_balance: Number(row?.starting ?? 0),
    activity,
    activity_total: activity.reduce((sum, c) => sum + c.net, 0),
    payouts,
    // A payout takes money out: the total that left is the negated net of its rows.
    payouts_total: -payouts.reduce((sum, c) => sum + c.net, 0),
    ending_balance: Number(row?.ending ?? 0),
    available: Number(row?.rows ?? 0) > 0,
  };
}

/** The itemised rows of the balance report: the period's balance transactions, oldest first,
 * each with the metadata of the object that moved the money. */
export async function balanceReportRows(db: Kysely<Database>, p: Period) {
  const found = await sql<ItemRow>`
    select balance_transactions.*, ${sourceMetadata} as source_metadata, null as payout_id
    from balance_transactions
    where account_id = ${p.accountId} and currency = ${p.currency}
      and available_on >= ${p.start} and available_on < ${p.end}
    order by available_on, created, id
  `.execute(db);
  return found.rows;
}

export interface ItemRow {
  id: string;
  created: number;
  available_on: number;
  type: string;
  reporting_category: string;
  amount: number;
  fee: number;
  net: number;
  currency: string;
  source: string;
  description: string | null;
  source_metadata: Record<string, string> | null;
  payout_id: string | null;
}

/** The metadata of the row's source (a charge, refund, dispute or payout), `{}` if none. */
const sourceMetadata = sql`coalesce(
  (select metadata from charges where charges.id = balance_transactions.source),
  (select metadata from refunds where refunds.id = balance_transactions.source),
  (select metadata from disputes where disputes.id = balance_transactions.source),
  (select metadata from payouts where payouts.id = balance_transactions.source),
  '{}'::jsonb)`;

export async function payoutReconciliationReport(db: Kysely<Database>, p: Period, now: number) {
  const payouts = await db
    .selectFrom("payouts")
    .selectAll()
    .where("account_id", "=", p.accountId)
    .where("currency", "=", p.currency)
    .where("created", ">=", p.start)
    .where("created", "<", p.end)
    .orderBy("created", "desc")
    .orderBy("id", "desc")
    .execute();
  const groups = await sql<ReportCategory & { payout_id: string }>`
    select p.id as payout_id, balance_transactions.reporting_category, count(*)::int8 as count,
      sum(balance_transactions.amount)::int8 as gross, sum(balance_transactions.fee)::int8 as fee,
      sum(balance_transactions.net)::int8 as net
    from payouts p join balance_transactions on ${settledByPayoutRow("p")}
    where p.account_id = ${p.accountId} and p.currency = ${p.currency}
      and p.created >= ${p.start} and p.created < ${p.end}
    group by 1, 2
    order by 2
  `.execute(db);
  const rows = payouts.map((payout: PayoutRow) => {
    const settled = groups.rows
      .filter((g) => g.payout_id === payout.id)
      .map(({ payout_id: _, ...c }) => ({
        ...c,
        count: Number(c.count),
        gross: Number(c.gross),
        fee: Number(c.fee),
        net: Number(c.net),
      }));
    return {
      payout: payout.id,
      amount: payout.amount,
      created: payout.created,
      arrival_date: payout.arrival_date,
      status: payoutStatus(payout, now),
      settled,
      settled_net: settled.reduce((sum, c) => sum + c.net, 0),
    };
  });
  return {
    object: "payout_reconciliation_report" as const,
    currency: p.currency,
    interval_start: p.start,
    interval_end: p.end,
    payouts: rows,
    available: rows.length > 0,
  };
}

/** The itemised rows of the reconciliation: each settled transaction with its payout. */
export async function payoutReconciliationRows(db: Kysely<Database>, p: Period) {
  const found = await sql<ItemRow>`
    select balance_transactions.*, ${sourceMetadata} as source_metadata, p.id as payout_id
    from payouts p join balance_transactions on ${settledByPayoutRow("p")}
    where p.account_id = ${p.accountId} and p.currency = ${p.currency}
      and p.created >= ${p.start} and p.created < ${p.end}
    order by p.created desc, p.id desc, balance_transactions.available_on, balance_transactions.id
  `.execute(db);
  return found.rows;
}
