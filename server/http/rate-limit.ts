/**
 * Per-key rate limits that hold across API processes: each request with a key counts one
 * hit in the database (`rate_limit_windows`, an UNLOGGED table: one upsert per request) for
 * the key's sha-256 and the current one-second window of the wall clock. Past
 * `config.rateLimitPerSecond` hits the request is answered 429 `rate_limit_error`
 * (`rate_limit`) with `Retry-After: 1`, before anything else runs. Windows older than a
 * minute are swept now and then. Fixed windows allow up to twice the limit across a window
 * edge; the limit is a guard against runaway clients, not a billing meter.
 */
import { sql } from "kysely";
import type { Deps } from "./context.ts";
import { ApiError } from "./errors.ts";

const SWEEP_EVERY = 1000;
const KEEP_SECONDS = 60;
let counted = 0;

export const rateLimited = (limit: number) =>
  new ApiError(
    429,
    "rate_limit_error",
    `Too many requests with this key: at most ${limit} per second. Retry after the time in Retry-After.`,
    { code: "rate_limit", headers: { "Retry-After": "1" } },
  );

/** Counts one request of the key whose sha-256 is `keyHash`; throws 429 past the limit. */
export async function countRequest(deps: Deps, keyHash: string): Promise<void> {
  const limit = deps.config.rateLimitPerSecond;
  if (limit <= 0) return;
  const window = deps.config.rateLimitNow();
  const { hits } = await deps.db
    .insertInto("rate_limit_windows")
    .values({ bucket: keyHash, window_start: window, hits: 1 })
    .onConflict((oc) =>
      oc.columns(["bucket", "window_start"]).doUpdateSet({
        hits: sql`rate_limit_windows.hits + 1`,
      }),
    )
    .returning("hits")
    .executeTakeFirstOrThrow();
  if (++counted % SWEEP_EVERY === 0) {
    await deps.db
      .deleteFrom("rate_limit_windows")
      .where("window_start", "<", window - KEEP_SECONDS)
      .execute();
  }
  if (hits > limit) throw rateLimited(limit);
}
