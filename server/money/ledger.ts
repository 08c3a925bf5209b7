/**
 * The ledger: every money movement writes its `balance_transactions` rows in the same
 * database transaction as the object that moved the money, and the balance is derived from
 * those rows: through their daily summary (`balance_daily`), written in the same transaction
 * as each row, so a balance or a funds check reads O(days) rows, not every payment. A row
 * is pending before its `available_on` and available from then on, so a moving clock (real
 * or simulated) moves funds by itself.
 *
 * The sandbox keeps every available balance non-negative at every future moment: a debit
 * is refused (`balance_insufficient`) unless the lowest available balance from its
 * `available_on` onwards covers it. A real provider would debit the bank account instead.
 * Movements of one account are serialised by locking its `accounts` row.
 */
import { type Kysely, sql, type Transaction } from "kysely";
import type { BalanceTransactionType } from "../../protocol/objects/balance-transaction.schema.ts";
import type { BalanceDailyTable, Database } from "../db/schema.ts";
import { invalidRequest } from "../http/errors.ts";
import { newId } from "../http/secrets.ts";

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

/** Writes one ledger row and its day's summary; call inside the transaction of the movement. */
export async function writeEntry(trx: Transaction<Database>, entry: LedgerEntry): Promise<string> {
  const id = newLedgerId();
  await addToDay(trx, entry, id);
  return id;
}

/** A new ledger row's id (for `withLedgerEntry`). */
export const newLedgerId = () => newId("txn");

/**
 * Writes many ledger rows at once (bulk loads: the sandbox history, the benchmark) with
 * multi-row inserts, then recomputes the summary of every day they touched from the rows.
 * Call inside one transaction that locked the accounts involved.
 */
export async function writeEntries(
  trx: Transaction<Database>,
  entries: readonly LedgerEntry[],
): Promise<string[]> {
  const ids = entries.map(() => newId("txn"));
  const chunk = 1000; // 14 parameters a row: well under the 65,535 a statement takes
  for (let i = 0; i < entries.length; i += chunk) {
    await trx
      .insertInto("balance_transactions")
      .values(entries.slice(i, i + chunk).map((entry, j) => ledgerRow(ids[i + j]!, entry)))
      .execute();
  }
  const days = new Map<string, { accountId: string; currency: string; day: number }>();
  for (const e of entries) {
    const day = startOfDay(e.availableOn);
    days.set(`${e.accountId} ${e.currency} ${day}`, {
      accountId: e.accountId,
      currency: e.currency,
      day,
    });
  }
  for (const d of days.values()) await recomputeDay(trx, d.accountId, d.currency, d.day);
  return ids;
}

function ledgerRow(id: string, entry: LedgerEntry) {
  return {
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
  };
}

/*
 * The daily summary (`balance_daily`, migration 0008): per account, currency and UTC day of
 * `available_on`: `net` (the day's sum), `low` (the lowest running total over the day's
 * distinct moments, from the day's opening) and `first_at` / `last_at` (its first and last
 * moments). A new row of net n at moment m updates them in one upsert, exactly:
 *   m = first_at  → every moment of the day moves by n: low + n
 *   m < first_at  → a new first moment worth n, the others move by n: least(n, low + n)
 *   m > last_at, or m = last_at with n ≤ 0 → only the last running total changes (to
 *                   net + n) and it can only lower the minimum: least(low, net + n)
 *   otherwise (m inside the day, or a credit at its last moment) → recomputed from the
 *                   day's rows and the new one (written by the same statement).
 * The ledger only ever dates rows at a day's start or at the clock's now, so the last case
 * is for a clock set back; it stays exact all the same.
 */

/**
 * The lowest running total of one day's rows, over its distinct moments; with `adding`, as
 * if that row were among them (a row inserted by the same statement is not visible to it).
 */
function dayLowFromRows(
  accountId: string,
  currency: string,
  day: number,
  adding?: { availableOn: number; net: number },
) {
  const extra = adding
    ? sql`union all select ${adding.availableOn}::int8, ${adding.net}::int8`
    : sql``;
  return sql<number>`(select min(running)::int8 from (
    select sum(net) over (order by available_on) as running from (
      select available_on, net from balance_transactions
      where account_id = ${accountId} and currency = ${currency}
        and available_on >= ${day} and available_on < ${day + DAY}
      ${extra}) day_rows) moments)`;
}

/**
 * Ledger row `id` inserted and its day's summary upserted, as two data-modifying CTEs
 * (`ledger_row`, `ledger_day`) of whatever statement the caller builds on them: one round
 * trip while the account is locked, and the object that moved the money can be written by
 * the same statement (a payout: `createPayout`).
 */
export function withLedgerEntry(trx: Transaction<Database>, entry: LedgerEntry, id: string) {
  const net = entry.amount - entry.fee;
  const m = entry.availableOn;
  const day = startOfDay(m);
  return trx
    .with("ledger_row", (db) =>
      db.insertInto("balance_transactions").values(ledgerRow(id, entry)).returning("id"),
    )
    .with("ledger_day", (db) =>
      db
        .insertInto("balance_daily")
        .values({
          account_id: entry.accountId,
          currency: entry.currency,
          day,
          net,
          low: net,
          first_at: m,
          last_at: m,
        })
        .onConflict((oc) =>
          oc.columns(["account_id", "currency", "day"]).doUpdateSet({
            net: sql`balance_daily.net + ${net}`,
            low: sql`case
          when ${m} = balance_daily.first_at then balance_daily.low + ${net}
          when ${m} < balance_daily.first_at then least(${net}, balance_daily.low + ${net})
          when ${m} > balance_daily.last_at or (${m} = balance_daily.last_at and ${net} <= 0)
            then least(balance_daily.low, balance_daily.net + ${net})
          else ${dayLowFromRows(entry.accountId, entry.currency, day, { availableOn: m, net })} end`,
            first_at: sql`least(balance_daily.first_at, ${m})`,
            last_at: sql`greatest(balance_daily.last_at, ${m})`,
          }),
        )
        .returning("day"),
    );
}

/** Inserts ledger row `id` and upserts its day's summary in one statement. */
async function addToDay(trx: Transaction<Database>, entry: LedgerEntry, id: string) {
  await withLedgerEntry(trx, entry, id).selectFrom("ledger_row").select("id").execute();
}

/** Recomputes one day's summary from its ledger rows (bulk writes). */
async function recomputeDay(
  trx: Transaction<Database>,
  accountId: string,
  currency: string,
  day: number,
): Promise<void> {
  await sql`
    insert into balance_daily (account_id, currency, day, net, low, first_at, last_at)
    select ${accountId}, ${currency}, ${day}, sum(net), ${dayLowFromRows(accountId, currency, day)},
      min(available_on), max(available_on)
    from balance_transactions
    where account_id = ${accountId} and currency = ${currency}
      and available_on >= ${day} and available_on < ${day + DAY}
    having count(*) > 0
    on conflict (account_id, currency, day) do update set net = excluded.net,
      low = excluded.low, first_at = excluded.first_at, last_at = excluded.last_at
  `.execute(trx);
}

/**
 * Serialises money movements of one account (PostgreSQL row lock; PGlite runs one at a time).
 * Returns the account's default currency, read by the same statement.
 */
export async function lockAccount(
  trx: Transaction<Database>,
  accountId: string,
): Promise<{ defaultCurrency: string | undefined }> {
  const row = await trx
    .selectFrom("accounts")
    .select("default_currency")
    .where("id", "=", accountId)
    .forUpdate()
    .executeTakeFirst();
  return { defaultCurrency: row?.default_currency };
}

export interface CurrencySummary {
  currency: string;
  available: number;
  pending: number;
  /** The lowest available balance at any moment from `now` onwards. */
  lowestAhead: number;
}

/**
 * Available, pending and the lowest balance ahead of `at`, per currency, from the daily
 * summary: a day wholly at or before `at` is available, a day wholly after it is pending and
 * its lowest point is the running total before it plus its `low`; only a day that `at` falls
 * inside (rare: rows are dated at a day's start or at now) is read row by row.
 */
async function summarizeAt(
  db: Kysely<Database>,
  accountId: string,
  at: number,
  currency?: string,
): Promise<CurrencySummary[]> {
  let q = db
    .selectFrom("balance_daily")
    .select(["currency", "day", "net", "low", "first_at", "last_at"])
    .where("account_id", "=", accountId);
  if (currency !== undefined) q = q.where("currency", "=", currency);
  return summarizeDays(db, accountId, await q.orderBy("currency").orderBy("day").execute(), at);
}

/** One row of the daily summary, as a balance reads it. */
export type DayRow = Omit<BalanceDailyTable, "account_id">;

/** `summarizeAt` of days already read (ordered by currency, then day). */
export async function summarizeDays(
  db: Kysely<Database>,
  accountId: string,
  days: readonly DayRow[],
  at: number,
): Promise<CurrencySummary[]> {
  const byCurrency = new Map<string, DayRow[]>();
  for (const d of days) {
    const list = byCurrency.get(d.currency);
    if (list) list.push(d);
    else byCurrency.set(d.currency, [d]);
  }
  const out: CurrencySummary[] = [];
  for (const [cur, list] of byCurrency) {
    const summary = { currency: cur, available: 0, pending: 0, lowestAhead: 0 };
    let before = 0; // the running total of the currency's earlier days
    let lowest = Number.POSITIVE_INFINITY; // the lowest running total at a moment after `at`
    for (const d of list) {
      if (d.last_at <= at) {
        summary.available += d.net;
      } else if (d.first_at > at) {
        summary.pending += d.net;
        lowest = Math.min(lowest, before + d.low);
      } else {
        let running = before;
        for (const moment of await momentsOfDay(db, accountId, cur, d.day)) {
          running += moment.net;
          if (moment.available_on <= at) {
            summary.available += moment.net;
          } else {
            summary.pending += moment.net;
            lowest = Math.min(lowest, running);
          }
        }
      }
      before += d.net;
    }
    summary.lowestAhead = Math.min(summary.available, lowest);
    out.push(summary);
  }
  return out;
}

/** One day's ledger net per `available_on` moment, oldest first. */
async function momentsOfDay(
  db: Kysely<Database>,
  accountId: string,
  currency: string,
  day: number,
) {
  const rows = await db
    .selectFrom("balance_transactions")
    .select(["available_on", sql<number>`sum(net)`.as("net")])
    .where("account_id", "=", accountId)
    .where("currency", "=", currency)
    .where("available_on", ">=", day)
    .where("available_on", "<", day + DAY)
    .groupBy("available_on")
    .orderBy("available_on")
    .execute();
  return rows.map((r) => ({ available_on: r.available_on, net: Number(r.net) }));
}

/** Available, pending and the lowest balance ahead of `now`, per currency. */
export async function summarizeBalance(
  db: Kysely<Database>,
  accountId: string,
  now: number,
): Promise<CurrencySummary[]> {
  return summarizeAt(db, accountId, now);
}

/** The lowest available balance of `currency` at any moment from `from` onwards. */
export async function lowestAvailableFrom(
  db: Kysely<Database>,
  accountId: string,
  currency: string,
  from: number,
): Promise<number> {
  const [summary] = await summarizeAt(db, accountId, from, currency);
  return summary?.lowestAhead ?? 0;
}

/** Refuses a debit of `amount` dated `from` that would make an available balance negative. */
export async function requireFunds(
  trx: Transaction<Database>,
  args: { accountId: string; currency: string; amount: number; from: number; param?: string },
): Promise<void> {
  const lowest = await lowestAvailableFrom(trx, args.accountId, args.currency, args.from);
  refuseShortFunds({ ...args, lowest });
}

/** The refusal of a debit of `amount` when the lowest available balance ahead is below it. */
export function refuseShortFunds(args: {
  amount: number;
  currency: string;
  lowest: number;
  param?: string;
}): void {
  if (args.amount > args.lowest) {
    throw invalidRequest(
      `Insufficient funds: this needs ${args.amount} ${args.currency}, and the available balance is ${Math.max(args.lowest, 0)} ${args.currency}.`,
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
  const rows = await instantPaidOutQuery(db, accountId, since).execute();
  return new Map(rows.map((r) => [r.currency, Number(r.total)]));
}

/** The query of `instantPaidOutSince` (also read within `readMoney`'s one statement). */
export function instantPaidOutQuery(db: Kysely<Database>, accountId: string, since: number) {
  return db
    .selectFrom("payouts")
    .innerJoin("balance_transactions", "balance_transactions.id", "payouts.balance_transaction")
    .select(["payouts.currency", sql<number>`sum(-balance_transactions.net)`.as("total")])
    .where("payouts.account_id", "=", accountId)
    .where("payouts.method", "=", "instant")
    .where("payouts.created", ">", since)
    .groupBy("payouts.currency");
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
  const summaries = await summarizeAt(db, accountId, now);
  const instantUsed = await instantPaidOutSince(db, accountId, now - DAY);
  return balanceFrom(summaries, instantUsed, livemode);
}

/** The balance from its currencies' summaries and the instant payouts of the last 24 hours. */
export function balanceFrom(
  summaries: readonly CurrencySummary[],
  instantUsed: ReadonlyMap<string, number>,
  livemode: boolean,
): Balance {
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
