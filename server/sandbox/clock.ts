/**
 * The sandbox's simulated clock, one per platform. A platform's "now" is the wall clock plus
 * its offset, kept in the database (`platform_clocks`) so every API process sees the same
 * time; it only moves forward, and only the platform's own test helper moves it.
 *
 * One "now" per request: a request's clock is its caller's platform's, applied once the
 * caller is known. The key lookup reads the offset in the same statement (`http/auth.ts`),
 * so a session key's expiry is checked on its own platform's clock and the handler gets a
 * config whose `now` includes the offset. A request with no key (the claim, the popup's
 * sign-in) runs on the wall clock until its handler finds the platform (`platformNow`).
 * Objects of no platform (provider users' dashboard sessions, sign-in attempts) live on the
 * wall clock.
 *
 * Advancing runs what time makes happen for the platform's accounts. Most of it is derived
 * from the clock and needs no work: pending funds become available at their `available_on`,
 * payouts go pending → in_transit → paid, unanswered disputes close past `due_by`, keys
 * expire. The one thing that is made is the automatic payout: for every start of a (UTC)
 * day crossed, each of the platform's accounts has its schedule run at that moment
 * (`runAutomaticPayouts`, one transaction per account and day; at most one automatic payout
 * per account and day, so advancing over a day twice pays once).
 */
import { type Kysely, sql } from "kysely";
import { type ServerConfig, withClockOffset } from "../config.ts";
import type { Database } from "../db/schema.ts";
import type { Deps } from "../http/context.ts";
import { invalidRequest } from "../http/errors.ts";
import { DAY, startOfDay } from "../money/ledger.ts";
import { runAutomaticPayouts } from "../money/payouts.ts";

/** The longest one advance may move the clock (each day crossed runs every account's schedule). */
export const maxAdvanceSeconds = 366 * DAY;

/** The platform's stored offset, in seconds (0 when its clock was never moved). */
export async function readClockOffset(db: Kysely<Database>, platformId: string): Promise<number> {
  const row = await db
    .selectFrom("platform_clocks")
    .select("offset_seconds")
    .where("platform_id", "=", platformId)
    .executeTakeFirst();
  return row?.offset_seconds ?? 0;
}

/**
 * The request's deps on the platform's clock: for a handler that learns the platform only
 * from its input (a request with no key).
 */
export async function onPlatformClock(deps: Deps, platformId: string): Promise<Deps> {
  const offset = await readClockOffset(deps.db, platformId);
  return { ...deps, config: withClockOffset(deps.config, offset) };
}

/** The clock without the sandbox offset (the wall clock, or a test's). */
const baseClock = (config: ServerConfig) => () => config.now() - config.clockOffset;

/** Moves the stored offset forward to at least `offset` (never back: concurrent advances). */
async function storeOffset(
  db: Kysely<Database>,
  platformId: string,
  offset: number,
  wallNow: number,
) {
  await db
    .insertInto("platform_clocks")
    .values({ platform_id: platformId, offset_seconds: offset, updated: wallNow })
    .onConflict((oc) =>
      oc.column("platform_id").doUpdateSet({
        offset_seconds: sql`greatest(platform_clocks.offset_seconds, excluded.offset_seconds)`,
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

export async function clockState(deps: Deps, platformId: string): Promise<ClockState> {
  const offset = await readClockOffset(deps.db, platformId);
  const base = baseClock(deps.config)();
  return { object: "sandbox_clock", now: base + offset, offset };
}

/** The platform's accounts that may have something to pay out: not deleted, with ledger rows. */
async function accountsWithFunds(db: Kysely<Database>, platformId: string) {
  return db
    .selectFrom("accounts")
    .select(["id as accountId", "platform_id as platformId", "livemode"])
    .where("platform_id", "=", platformId)
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
 * Moves the platform's clock to `target` (relative or absolute, never back) and runs the
 * automatic payouts of its accounts for every day start crossed, one day at a time, storing
 * the clock after each day.
 */
export async function advanceClock(
  deps: Deps,
  platformId: string,
  target: AdvanceTarget,
): Promise<Advanced> {
  const base = baseClock(deps.config);
  const { now: from } = await clockState(deps, platformId);
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
    for (const acting of await accountsWithFunds(deps.db, platformId)) {
      made += (await runAutomaticPayouts(deps.db, acting, day)).length;
    }
    await storeOffset(deps.db, platformId, day - base(), base());
  }
  await storeOffset(deps.db, platformId, to - base(), base());
  return { ...(await clockState(deps, platformId)), automatic_payouts: made };
}
