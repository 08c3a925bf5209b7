/**
 * Idempotency-Key on POST, kept in the database (24 h) so any API process can answer a
 * retry. `route.ts` claims the key, runs the handler and stores its answer in one
 * transaction: the claim inserts a unique row (scope + key), which on PostgreSQL makes a
 * concurrent request with the same key wait for the first to commit (then it replays the
 * stored answer) or roll back (then it runs). A crash before the commit leaves no row, so
 * the retry runs once and the key is never stuck "in progress". A retry with other
 * parameters gets an idempotency_error. An answer that carries a key or a secret
 * (`key-bearing.ts`) is never stored: the row records that the request ran, and a retry
 * gets an idempotency_error saying so (never a second key, never a copy of the first).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { ApiError } from "./errors.ts";
import { sha256 } from "./secrets.ts";

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** A JSON text with object keys sorted, so equal parameters hash equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export interface IdempotencyClaim {
  scope: string;
  key: string;
  method: string;
  path: string;
  params: unknown;
  requestId: string;
  now: number;
  ttl: number;
}

export type IdempotencyOutcome =
  | { kind: "first" }
  | { kind: "replay"; status: number; body: string; originalRequestId: string };

/**
 * Claims `claim.key` inside the request's transaction `db`: `first` when this request is the
 * first (the row is inserted, uncommitted), otherwise the stored answer to replay.
 */
export async function claimIdempotent(
  db: Kysely<Database>,
  claim: IdempotencyClaim,
): Promise<IdempotencyOutcome> {
  if (claim.key.length === 0 || claim.key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ApiError(
      400,
      "invalid_request_error",
      `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`,
      { code: "idempotency_key_invalid" },
    );
  }
  const paramsHash = sha256(canonicalJson(claim.params));
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await db
      .insertInto("idempotency_keys")
      .values({
        scope: claim.scope,
        key: claim.key,
        method: claim.method,
        path: claim.path,
        params_hash: paramsHash,
        response_status: null,
        response_body: null,
        request_id: claim.requestId,
        created: claim.now,
        expires_at: claim.now + claim.ttl,
      })
      .onConflict((oc) => oc.columns(["scope", "key"]).doNothing())
      .returning("key")
      .executeTakeFirst();
    if (inserted) return { kind: "first" };
    const row = await db
      .selectFrom("idempotency_keys")
      .selectAll()
      .where("scope", "=", claim.scope)
      .where("key", "=", claim.key)
      .executeTakeFirst();
    if (!row) continue; // deleted between the two statements: try again
    // Expired, or left unfinished by a server before answers were stored in the claim's
    // transaction: the key is free again.
    if (row.expires_at <= claim.now || row.response_status === null) {
      await db
        .deleteFrom("idempotency_keys")
        .where("scope", "=", claim.scope)
        .where("key", "=", claim.key)
        .where("request_id", "=", row.request_id)
        .execute();
      continue;
    }
    if (row.method !== claim.method || row.path !== claim.path || row.params_hash !== paramsHash) {
      throw new ApiError(
        400,
        "idempotency_error",
        "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than the one used on the original request.",
        { code: "idempotency_key_reused" },
      );
    }
    if (row.response_body === null) {
      throw new ApiError(
        400,
        "idempotency_error",
        `The request with this Idempotency-Key already ran (request ${row.request_id}); its answer carried a key or secret, which is never stored, so it cannot be replayed. Use another Idempotency-Key to make a new request.`,
        { code: "idempotency_answer_not_stored" },
      );
    }
    return {
      kind: "replay",
      status: row.response_status,
      body: row.response_body,
      originalRequestId: row.request_id,
    };
  }
  throw new ApiError(409, "idempotency_error", "The Idempotency-Key is changing; retry.", {
    code: "idempotency_key_in_use",
  });
}

/**
 * Stores the answer of the first request, in its transaction. `body` null: the answer
 * carried a key, so only its status is kept (a retry is told the request ran).
 */
export async function storeIdempotentAnswer(
  db: Kysely<Database>,
  scope: string,
  key: string,
  status: number,
  body: string | null,
): Promise<void> {
  await db
    .updateTable("idempotency_keys")
    .set({ response_status: status, response_body: body })
    .where("scope", "=", scope)
    .where("key", "=", key)
    .execute();
}
