/**
 * What a payout settled: the balance transactions (payments, refunds, disputes, fees — not
 * payouts and their reversals) of its account and currency that became available after the
 * account's previous payout in that currency was made and by the time this one was made. A
 * canceled payout settled nothing (its money went back to the balance); the next payout
 * settles that window. Computed in SQL from the ledger, so the payout-details view
 * (`GET /v1/balance_transactions?payout=`) and the reconciliation report (`server/reports/`)
 * read one definition.
 */
import { type Expression, type SqlBool, sql } from "kysely";

/** Ledger rows that move money out to the bank (or back): never settled by a payout. */
export const payoutEntryTypes = ["payout", "payout_cancel", "payout_failure"] as const;

/**
 * The condition "the `balance_transactions` row was settled by payout `payout`" — an
 * expression over a payouts row (`p`, any alias) and the current balance_transactions row.
 */
export function settledByPayoutRow(p: string): Expression<SqlBool> {
  const col = (c: string) => sql.ref(`${p}.${c}`);
  return sql<SqlBool>`(
    balance_transactions.account_id = ${col("account_id")}
    and balance_transactions.currency = ${col("currency")}
    and ${col("canceled_at")} is null
    and balance_transactions.type not in (${sql.join(payoutEntryTypes.map((t) => sql`${t}`))})
    and balance_transactions.available_on <= ${col("created")}
    and balance_transactions.available_on > coalesce((
      select max(q.created) from payouts q
      where q.account_id = ${col("account_id")} and q.currency = ${col("currency")}
        and q.canceled_at is null and (q.created, q.id) < (${col("created")}, ${col("id")})
    ), ${sql.lit(-1)})
  )`;
}

/** The condition "settled by the payout with this id" on a balance_transactions query. */
export function settledByPayout(payoutId: string): Expression<SqlBool> {
  return sql<SqlBool>`exists (
    select 1 from payouts sp where sp.id = ${payoutId} and ${settledByPayoutRow("sp")}
  )`;
}
