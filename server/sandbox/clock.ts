/**
 * The sandbox's simulated clock. The server's "now" is the wall clock plus an offset kept in
 * the database (`sandbox_clock`, one row), read once per request by `app.ts`, so a second API
 * process on the same database sees the same time. The clock only moves forward.
 *
 * It is one clock for the whole sandbox, not one per platform: "now" is needed before the
 * caller is known (key and session expiry are checked while authenticating), and objects
 * are shared across platforms (provider users, the connect host's sessions), so two clocks
 * would disagree about the same object.
 *
 * Advancing runs what time makes happen. Most of it is derived from the clock and needs no
 * work: pending funds become available at their `available_on`, payouts go pending →
 * in_transit → paid, unanswered disputes close past `due_by`. The one thing that is made is
 * the automatic payout: for every start of a (UTC) day crossed, each account's schedule is
 * run at that moment (`runAutomaticPayouts`, one transaction per account and day; it makes at
 * most one automatic payout per account and day, so advancing over a day twice pays once).
 */
import { type Kysely, sql } from "kysely";
import type { ServerConfig } from "../config.ts";
import type { Database } from "../db/schema.ts";
import type { Deps } from "../http/context.ts";
import { invalidRequest } from "../http/errors.ts";
import { DAY, startOfDay } from "../money/ledger.ts";
import { runAutomaticPayouts } from "../money/payouts.ts";

/** The longest one advance may move the clock (each day crossed runs every account's schedule). */
export const maxAdvanceSeconds = 366 * DAY;

/** The stored offset, in seconds (0 when the clock was never moved). */
export async function readClockOffset(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("sandbox_clock")
    .select("offset_seconds")
    .where("id", "=", "global")
    .executeTakeFirst();
  return row?.offset_seconds ?? 0;
}

/** The config of one request: the base clock plus the sandbox offset. */
export function withClockOffset(config: ServerConfig, offset: number): ServerConfig {
  if (offset === config.clockOffset) return config;
  const base = baseClock(config);
  return { ...config, clockOffset: offset, now: () => base() + offset };
}

/** The clock without the sandbox offset (the wall clock, or a test's). */
const baseClock = (config: ServerConfig) => () => config.now() - config.clockOffset;

/** Moves the stored offset forward to at least `offset` (never back: concurrent advances). */
async function storeOffset(db: Kysely<Database>, offset: number, wallNow: number) {
  await db
    .insertInto("sandbox_clock")
    .values({ id: "global", offset_seconds: offset, updated: wallNow })
    .onConflict((oc) =>
      oc.column("id").doUpdateSet({
        offset_seconds: sql`greatest(sandbox_clock.offset_seconds, excluded.offset_seconds)`,
        updated: sql`excluded.updated`,
      }),
    )
    .execute();
}

export interface ClockState {
  object: "sandbox_clock";
  /** The simulated time, Unix seconds. */
  now: number;
  /** How far ahead of the wall clock it is, in seconds. */
  offset: number;
}

export async function clockState(deps: Deps): Promise<ClockState> {
  const offset = await readClockOffset(deps.db);
  const base = baseClock(deps.config)();
  return { object: "sandbox_clock", now: base + offset, offset };
}

/** Every account that may have something to pay out: not deleted, with ledger rows. */
async function accountsWithFunds(db: Kysely<Database>) {
  return db
    .selectFrom("accounts")
    .select(["id as accountId", "platform_id as platformId", "livemode"])
    .where("deleted_at", "is", null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("balance_transactions")
          .select("balance_transactions.id")
          .whereRef("balance_transactions.account_id", "=", "accounts.id"),
      ),
    )
    .orderBy("id")
    .execute();
}

export type AdvanceTarget = { seconds: number } | { to: number };

export interface Advanced extends ClockState {
  /** Automatic payouts made for the days crossed. */
  automatic_payouts: number;
}

/**
 * Moves the clock to `target` (relative or absolute, never back) and runs the automatic
 * payouts of every day start crossed, one day at a time, storing the clock after each day.
 */
export async function advanceClock(deps: Deps, target: AdvanceTarget): Promise<Advanced> {
  const base = baseClock(deps.config);
  const { now: from } = await clockState(deps);
  const to = "seconds" in target ? from + target.seconds : target.to;
  const param = "seconds" in target ? "seconds" : "to";
  if (to <= from) {
    throw invalidRequest(
      `The sandbox clock only moves forward: it is ${from} now, and ${to} is not later.`,
      { code: "clock_not_forward", param },
    );
  }
  if (to - from > maxAdvanceSeconds) {
    throw invalidRequest(
      `The sandbox clock moves at most ${maxAdvanceSeconds} seconds (366 days) per call.`,
      { code: "clock_advance_too_far", param },
    );
  }
  let made = 0;
  for (let day = startOfDay(from) + DAY; day <= to; day += DAY) {
    for (const acting of await accountsWithFunds(deps.db)) {
      made += (await runAutomaticPayouts(deps.db, acting, day)).length;
    }
    await storeOffset(deps.db, day - base(), base());
  }
  await storeOffset(deps.db, to - base(), base());
  return { ...(await clockState(deps)), automatic_payouts: made };
}
