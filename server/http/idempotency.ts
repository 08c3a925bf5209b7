/**
 * Idempotency-Key on POST, kept in the database (24 h) so any API process can answer a
 * retry. The first request inserts the key (a unique row per scope+key) before it runs;
 * a retry with the same parameters gets the stored response, one with other parameters an
 * idempotency_error, and one that arrives while the first is still running a 409.
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

export async function beginIdempotent(
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
    if (row.expires_at <= claim.now) {
      await db
        .deleteFrom("idempotency_keys")
        .where("scope", "=", claim.scope)
        .where("key", "=", claim.key)
        .where("expires_at", "<=", claim.now)
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
    if (row.response_status === null || row.response_body === null) {
      throw new ApiError(
        409,
        "idempotency_error",
        "There is currently another in-progress request using this Idempotency-Key. Retry later.",
        { code: "idempotency_key_in_use" },
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

/** Stores the response of the first request; a 5xx frees the key so a retry runs again. */
export async function finishIdempotent(
  db: Kysely<Database>,
  scope: string,
  key: string,
  status: number,
  body: string,
): Promise<void> {
  if (status >= 500) {
    await db
      .deleteFrom("idempotency_keys")
      .where("scope", "=", scope)
      .where("key", "=", key)
      .execute();
    return;
  }
  await db
    .updateTable("idempotency_keys")
    .set({ response_status: status, response_body: body })
    .where("scope", "=", scope)
    .where("key", "=", key)
    .execute();
}
