/**
 * How an effectful call that a machine invokes can fail. The actor that performs the call
 * rejects with one of these, so machines can branch on the status without parsing errors.
 */
import { isRateLimited } from "../../protocol/messages/rate-limit.ts";

export type CallFailure =
  | {
      kind: "http";
      status: number;
      /** The API error object's fields (SPEC.md §3 "API error object"), when the body had one. */
      error: {
        type?: string;
        code?: string;
        message?: string;
        message_code?: string;
        /** The request parameter the error is about, in bracket form (`evidence[customer_name]`). */
        param?: string;
      };
      requestId: string | null;
      /** A 429's Retry-After, in seconds (`protocol/messages/rate-limit.ts`). */
      retryAfterSeconds?: number;
    }
  | { kind: "network"; message: string };

export function isCallFailure(value: unknown): value is CallFailure {
  if (typeof value !== "object" || value === null) return false;
  const kind = (value as { kind?: unknown }).kind;
  return kind === "http" || kind === "network";
}

/** Anything a promise actor rejected with, as a CallFailure. */
export function toCallFailure(value: unknown): CallFailure {
  if (isCallFailure(value)) return value;
  const message = value instanceof Error ? value.message : "";
  return { kind: "network", message: message || "Unknown error" };
}

/**
 * The typed `rate_limit` failure: the API answered 429 (too many requests with this key;
 * nothing ran), after the data layer's own bounded retries of a GET.
 */
export const isRateLimitFailure = (
  failure: CallFailure | null | undefined,
): failure is Extract<CallFailure, { kind: "http" }> =>
  failure?.kind === "http" && isRateLimited(failure.status);

export const isClientError = (failure: CallFailure) =>
  failure.kind === "http" && failure.status >= 400 && failure.status < 500;

/** SPEC.md §8: a 401 or 404 from the invalidation still counts as invalidated. */
export const countsAsInvalidated = (failure: CallFailure) =>
  failure.kind === "http" && (failure.status === 401 || failure.status === 404);

/** SPEC.md §8: "HTTP status code: {status}. Reason: {message}", "unknown error" without one. */
export const httpErrorMessage = (status: number, message?: string | null) =>
  `HTTP status code: ${status}. Reason: ${message || "unknown error"}`;
