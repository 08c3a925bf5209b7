/**
 * What a balance read or a payout reads of an account's money, in one statement: whether
 * payout failures are due (`payout-failures.ts`), the daily summary of the ledger (of one
 * currency or all), and, as asked, the instant payouts of the last 24 hours and the default
 * external account of a currency. Each part is the query its own function runs
 * (`summarizeAt`, `instantPaidOutSince`, `payoutDestination`), read as JSON inside one
 * SELECT: on PGlite every statement costs its own round into the backend (docs/architecture.md,
 * "Server speed"), so `GET /v1/balance` is two statements (the key, this) instead of four,
 * and a standard payout eight instead of ten.
 *
 * When failures are due (rare: a payout to a failing account was submitted since the last
 * read), the caller writes them first and reads the money again the usual way.
 */
import { type Kysely, sql } from "kysely";
import {
  type DefaultExternalAccountRow,
  defaultExternalAccountQuery,
} from "../accounts/destination.ts";
import type { Database } from "../db/schema.ts";
import type { Acting } from "./access.ts";
import {
  type Balance,
  balanceFrom,
  balanceOf,
  DAY,
  type DayRow,
  instantPaidOutQuery,
  summarizeDays,
} from "./ledger.ts";
import { dueFailures, settlePayoutFailures } from "./payout-failures.ts";

export interface MoneyRead {
  failuresDue: boolean;
  /** The daily summary, ordered by currency, then day. */
  days: DayRow[];
  /** Instant payouts (with their fees) of the 24 hours before now, per currency (when asked). */
  instantUsed: Map<string, number>;
  /** The default external account of `destination`'s currency (when asked), or null. */
  destination: DefaultExternalAccountRow | null;
}

export async function readMoney(
  db: Kysely<Database>,
  accountId: string,
  now: number,
  options: { currency?: string; instant?: boolean; destination?: string } = {},
): Promise<MoneyRead> {
  let days = db
    .selectFrom("balance_daily")
    .select(["currency", "day", "net", "low", "first_at", "last_at"])
    .where("account_id", "=", accountId);
  if (options.currency !== undefined) days = days.where("currency", "=", options.currency);
  const instant = options.instant
    ? sql`(select coalesce(json_agg(used), '[]'::json)
        from (${instantPaidOutQuery(db, accountId, now - DAY)}) used)`
    : sql`'[]'::json`;
  const destination =
    options.destination !== undefined
      ? sql`(select row_to_json(d)
          from (${defaultExternalAccountQuery(db, accountId, options.destination).limit(1)}) d)`
      : sql`null::json`;
  const { rows } = await sql<{
    failures_due: boolean;
    days: DayRow[];
    instant: { currency: string; total: number | string }[];
    destination: DefaultExternalAccountRow | null;
  }>`select
      exists (${dueFailures(db, accountId, now).select(sql`1`.as("one"))}) as failures_due,
      (select coalesce(json_agg(d order by d.currency, d.day), '[]'::json)
        from (${days}) d) as days,
      ${instant} as instant,
      ${destination} as destination`.execute(db);
  const row = rows[0]!;
  return {
    failuresDue: row.failures_due,
    days: row.days,
    instantUsed: new Map(row.instant.map((u) => [u.currency, Number(u.total)])),
    destination: row.destination,
  };
}

/**
 * `GET /v1/balance`: the payout failures due settled first (as `settlePayoutFailures` does),
 * then the balance, in one statement when none is due.
 */
export async function settledBalance(
  db: Kysely<Database>,
  acting: Acting,
  now: number,
): Promise<Balance> {
  const read = await readMoney(db, acting.accountId, now, { instant: true });
  if (read.failuresDue) {
    await settlePayoutFailures(db, acting, now);
    return balanceOf(db, acting.accountId, acting.livemode, now);
  }
  const summaries = await summarizeDays(db, acting.accountId, read.days, now);
  return balanceFrom(summaries, read.instantUsed, acting.livemode);
}
