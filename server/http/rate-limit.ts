/**
 * Rate limits kept in the database, so every API process shares them (docs/security.md):
 *
 * - `takeSlot` / `giveBackSlots` (migration 0015, `rate_limits`): one counter per hashed
 *   scope and fixed window, raised by one atomic upsert, so the n-th of many parallel
 *   requests sees n and no two can share a slot (sign-in attempts, telemetry intake).
 * - `lookUpCounted` (`rate_limit_windows`, an UNLOGGED table: one upsert per request): each
 *   request with a key counts one hit for the key's sha-256 and the current one-second window
 *   of the wall clock, in the same statement as the key's lookup (a data-modifying CTE: the
 *   upsert runs whether or not the key exists, and a request is one statement fewer). Past
 *   `config.rateLimitPerSecond` hits the request is answered 429 `rate_limit_error`
 *   (`rate_limit`) with `Retry-After: 1` before the key's row is looked at, an unknown key
 *   included. Windows older than a minute are swept now and then. Fixed windows allow up to
 *   twice the limit across a window edge; the limit is a guard against runaway clients, not a
 *   billing meter.
 */
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import {
  RATE_LIMIT_CODE,
  RATE_LIMIT_ERROR_TYPE,
  RATE_LIMIT_STATUS,
} from "../../protocol/messages/rate-limit.ts";
import type { Database } from "../db/schema.ts";
import type { Deps } from "./context.ts";
import { ApiError } from "./errors.ts";

/**
 * Takes one slot of `scopeHash`'s window (a window older than `windowSeconds` restarts at
 * `now`); answers how many slots the window has used, this one included.
 */
export async function takeSlot(
  db: Kysely<Database>,
  scopeHash: string,
  now: number,
  windowSeconds: number,
): Promise<number> {
  const stale = now - windowSeconds;
  const row = await db
    .insertInto("rate_limits")
    .values({ scope_hash: scopeHash, window_start: now, attempts: 1 })
    .onConflict((oc) =>
      oc.column("scope_hash").doUpdateSet({
        attempts: sql<number>`case when rate_limits.window_start <= ${stale} then 1 else rate_limits.attempts + 1 end`,
        window_start: sql<number>`case when rate_limits.window_start <= ${stale} then ${now} else rate_limits.window_start end`,
      }),
    )
    .returning("attempts")
    .executeTakeFirstOrThrow();
  return Number(row.attempts);
}

/** Gives back one slot of each scope (a success that should not count). */
export async function giveBackSlots(db: Kysely<Database>, scopeHashes: string[]): Promise<void> {
  if (scopeHashes.length === 0) return;
  await db
    .updateTable("rate_limits")
    .set({ attempts: sql<number>`greatest(attempts - 1, 0)` })
    .where("scope_hash", "in", scopeHashes)
    .execute();
}

const SWEEP_EVERY = 1000;
const KEEP_SECONDS = 60;
let counted = 0;

export const rateLimited = (limit: number) =>
  new ApiError(
    RATE_LIMIT_STATUS,
    RATE_LIMIT_ERROR_TYPE,
    `Too many requests with this key: at most ${limit} per second. Retry after the time in Retry-After.`,
    { code: RATE_LIMIT_CODE, headers: { "Retry-After": "1" } },
  );

/**
 * Counts one request of the key whose sha-256 is `keyHash` and runs `lookup` (the key's row,
 * at most one) in the same statement: throws 429 past the limit, else answers the row
 * (undefined when there is none). With no limit configured, only the lookup runs.
 */
export async function lookUpCounted<DB extends Database, TB extends keyof DB, O>(
  deps: Deps,
  keyHash: string,
  lookup: SelectQueryBuilder<DB, TB, O>,
): Promise<O | undefined> {
  const limit = deps.config.rateLimitPerSecond;
  if (limit <= 0) return await lookup.executeTakeFirst();
  const window = deps.config.rateLimitNow();
  const row = await deps.db
    .with("hit", (db) =>
      db
        .insertInto("rate_limit_windows")
        .values({ bucket: keyHash, window_start: window, hits: 1 })
        .onConflict((oc) =>
          oc.columns(["bucket", "window_start"]).doUpdateSet({
            hits: sql`rate_limit_windows.hits + 1`,
          }),
        )
        .returning("hits"),
    )
    .selectFrom("hit")
    .leftJoin(lookup.select(sql<true>`true`.as("key_found")).limit(1).as("k"), (join) =>
      join.onTrue(),
    )
    .select("hit.hits")
    .selectAll("k")
    .executeTakeFirstOrThrow();
  if (++counted % SWEEP_EVERY === 0) {
    await deps.db
      .deleteFrom("rate_limit_windows")
      .where("window_start", "<", window - KEEP_SECONDS)
      .execute();
  }
  if (Number(row.hits) > limit) throw rateLimited(limit);
  const {
    hits: _hits,
    key_found,
    ...found
  } = row as unknown as O & {
    hits: number;
    key_found: true | null;
  };
  return key_found ? (found as O) : undefined;
}
