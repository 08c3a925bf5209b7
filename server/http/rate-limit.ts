/**
 * Rate limits kept in the database (migration 0015, docs/security.md): one counter per
 * hashed scope and fixed window, raised by one atomic upsert, so the n-th of many parallel
 * requests sees n and no two can share a slot. Every API process shares them.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

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
