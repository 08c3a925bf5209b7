/**
 * The ledger: every money movement writes its `balance_transactions` rows in the same
 * database transaction as the object that moved the money, and the balance is a query over
 * those rows, never a stored counter. A row is pending before its `available_on` and
 * available from then on, so a moving clock (real or simulated) moves funds by itself.
 *
 * The sandbox keeps every available balance non-negative at every future moment: a debit
 * is refused (`balance_insufficient`) unless the lowest available balance from its
 * `available_on` onwards covers it. A real provider would debit the bank account instead.
 * Movements of one account are serialised by locking its `accounts` row.
 */
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { invalidRequest } from "../http/errors.ts";
import { newId } from "../http/secrets.ts";
import type { BalanceTransactionType } from "./money.tables.ts";

export const DAY = 86_400;
export const startOfDay = (t: number) => t - (((t % DAY) + DAY) % DAY);

/** Instant payouts: at most this much per currency in any 24 hours (minor units). */
export const instantPayoutDailyLimit = 1_000_000;

export interface LedgerEntry {
  platformId: string;
  accountId: string;
  livemode: boolean;
  amount: number;
  fee: number;
  currency: string;
  type: BalanceTransactionType;
  reportingCategory: string;
  source: string;
  description: string | null;
  availableOn: number;
  created: number;
}

/** Writes one ledger row; call inside the transaction of the movement. */
export async function writeEntry(trx: Transaction<Database>, entry: LedgerEntry): Promise<string> {
  const id = newId("txn");
  await trx
    .insertInto("balance_transactions")
    .values({
      id,
      platform_id: entry.platformId,
      account_id: entry.accountId,
      livemode: entry.livemode,
      amount: entry.amount,
      fee: entry.fee,
      net: entry.amount - entry.fee,
      currency: entry.currency,
      type: entry.type,
      reporting_category: entry.reportingCategory,
      source: entry.source,
      description: entry.description,
      available_on: entry.availableOn,
      created: entry.created,
    })
    .execute();
  return id;
}

/** Serialises money movements of one account (PostgreSQL row lock; PGlite runs one at a time). */
export async function lockAccount(trx: Transaction<Database>, accountId: string): Promise<void> {
  await trx.selectFrom("accounts").select("id").where("id", "=", accountId).forUpdate().execute();
}

/** The ledger's net per currency and `available_on`, oldest first: one scan of the account. */
async function netsByMoment(db: Kysely<Database>, accountId: string, currency?: string) {
  let q = db
    .selectFrom("balance_transactions")
    .select(["currency", "available_on", sql<number>`sum(net)`.as("net")])
    .where("account_id", "=", accountId);
  if (currency !== undefined) q = q.where("currency", "=", currency);
  const rows = await q
    .groupBy(["currency", "available_on"])
    .orderBy("currency")
    .orderBy("available_on")
    .execute();
  return rows.map((r) => ({ ...r, net: Number(r.net) }));
}

export interface CurrencySummary {
  currency: string;
  available: number;
  pending: number;
  /** The lowest available balance at any moment from `now` onwards. */
  lowestAhead: number;
}

/** Available, pending and the lowest balance ahead, per currency, from `netsByMoment` rows. */
function summarize(
  rows: { currency: string; available_on: number; net: number }[],
  now: number,
): CurrencySummary[] {
  const out: CurrencySummary[] = [];
  for (const row of rows) {
    let last = out[out.length - 1];
    if (last?.currency !== row.currency) {
      last = { currency: row.currency, available: 0, pending: 0, lowestAhead: 0 };
      out.push(last);
    }
    if (row.available_on <= now) {
      last.available += row.net;
      last.lowestAhead = last.available;
    } else {
      last.pending += row.net;
      last.lowestAhead = Math.min(last.lowestAhead, last.available + last.pending);
    }
  }
  return out;
}

/** Available, pending and the lowest balance ahead of `now`, per currency. */
export async function summarizeBalance(
  db: Kysely<Database>,
  accountId: string,
  now: number,
): Promise<CurrencySummary[]> {
  return summarize(await netsByMoment(db, accountId), now);
}

/** The lowest available balance of `currency` at any moment from `from` onwards. */
export async function lowestAvailableFrom(
  db: Kysely<Database>,
  accountId: string,
  currency: string,
  from: number,
): Promise<number> {
  const [summary] = summarize(await netsByMoment(db, accountId, currency), from);
  return summary?.lowestAhead ?? 0;
}

/** Refuses a debit of `amount` dated `from` that would make an available balance negative. */
export async function requireFunds(
  trx: Transaction<Database>,
  args: { accountId: string; currency: string; amount: number; from: number; param?: string },
): Promise<void> {
  const lowest = await lowestAvailableFrom(trx, args.accountId, args.currency, args.from);
  if (args.amount > lowest) {
    throw invalidRequest(
      `Insufficient funds: this needs ${args.amount} ${args.currency}, and the available balance is ${Math.max(lowest, 0)} ${args.currency}.`,
      { code: "balance_insufficient", ...(args.param ? { param: args.param } : {}) },
    );
  }
}

export interface Money {
  amount: number;
  currency: string;
}

export interface Balance {
  object: "balance";
  livemode: boolean;
  available: Money[];
  pending: Money[];
  instant_available: Money[];
}

/** Instant payouts (with their fees) debited in the 24 hours before `now`, per currency. */
async function instantPaidOutSince(db: Kysely<Database>, accountId: string, since: number) {
  const rows = await db
    .selectFrom("payouts")
    .innerJoin("balance_transactions", "balance_transactions.id", "payouts.balance_transaction")
    .select(["payouts.currency", sql<number>`sum(-balance_transactions.net)`.as("total")])
    .where("payouts.account_id", "=", accountId)
    .where("payouts.method", "=", "instant")
    .where("payouts.created", ">", since)
    .groupBy("payouts.currency")
    .execute();
  return new Map(rows.map((r) => [r.currency, Number(r.total)]));
}

/**
 * The balance of an account at `now`, derived from its ledger: available (rows dated up to
 * now), pending (rows dated later), and instant_available — what an instant payout may take:
 * the available funds, capped by what stays non-negative later and by the daily limit.
 */
export async function balanceOf(
  db: Kysely<Database>,
  accountId: string,
  livemode: boolean,
  now: number,
): Promise<Balance> {
  const summaries = summarize(await netsByMoment(db, accountId), now);
  const instantUsed = await instantPaidOutSince(db, accountId, now - DAY);
  return {
    object: "balance",
    livemode,
    available: summaries.map((s) => ({ amount: s.available, currency: s.currency })),
    pending: summaries.map((s) => ({ amount: s.pending, currency: s.currency })),
    instant_available: summaries.map((s) => ({
      amount: Math.max(
        0,
        Math.min(s.lowestAhead, instantPayoutDailyLimit - (instantUsed.get(s.currency) ?? 0)),
      ),
      currency: s.currency,
    })),
  };
}
