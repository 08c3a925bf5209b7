/**
 * The API's rate-limit answer as the data layer and the frames read it: HTTP 429
 * (`rate_limit_error`, code `rate_limit`) with `Retry-After` in seconds (the provider's
 * README). The data layer's proxy sends a call that is safe to repeat (a GET, or a write
 * carrying an Idempotency-Key) again after a bounded backoff; what still answers 429 reaches
 * the frame, which shows it as `rate_limit` (typed, translated) rather than as a generic
 * failure.
 */
import { provider } from "../provider.ts";

export const RATE_LIMIT_STATUS = 429;
/** The API error object's `type` and `code` of that answer (the provider sends these). */
export const RATE_LIMIT_ERROR_TYPE = "rate_limit_error";
export const RATE_LIMIT_CODE = "rate_limit";
/** The typed name a frame gives a rate-limited call (its load error, its list's state). */
export const RATE_LIMIT_ERROR = "rate_limit";
/** Retries of one call after a 429, at most. */
export const MAX_RATE_LIMIT_RETRIES = 2;
/** The longest single wait, whatever Retry-After says (a frame waits in front of a person). */
export const MAX_RATE_LIMIT_WAIT_MS = 5_000;
/** The first wait when the answer names none; doubled each retry. */
export const BASE_RATE_LIMIT_WAIT_MS = 500;

export const isRateLimited = (status: number) => status === RATE_LIMIT_STATUS;

/**
 * The provider's "unavailable for a moment" answer: 503 `api_error` with `Retry-After` (its
 * database out of reach, the request past its deadline, the process shutting down). Nothing
 * of the call was committed — or, when the connection dropped at the commit itself, a retry
 * under the same Idempotency-Key replays what was — so it is as safe to send again as a 429.
 */
export const UNAVAILABLE_STATUS = 503;

/** A 429, or a 503 that says when to come back: the answers the proxy may wait out. */
export const isRetryableAnswer = (status: number, headers: Readonly<Record<string, string>>) =>
  isRateLimited(status) || (status === UNAVAILABLE_STATUS && retryAfterSeconds(headers) !== null);

/**
 * Whether a rate-limited call may be sent again unasked: a 429 ran nothing, but a write is
 * repeated only under an Idempotency-Key (the provider then acts once, whichever attempt
 * gets through); a GET always.
 */
export function mayRetryRateLimited(
  method: string,
  headers: Readonly<Record<string, string>>,
): boolean {
  if (method.toUpperCase() === "GET") return true;
  const keyHeader = provider.headers.idempotencyKey.toLowerCase();
  return Object.entries(headers).some(
    ([name, value]) => name.toLowerCase() === keyHeader && value.trim() !== "",
  );
}

/**
 * `Retry-After` (response headers, lower-case names) in seconds: a whole number of seconds
 * or an HTTP date (`now` in ms); null when absent or unreadable.
 */
export function retryAfterSeconds(
  headers: Readonly<Record<string, string>>,
  now = Date.now(),
): number | null {
  const raw = headers["retry-after"]?.trim();
  if (raw === undefined || raw === "") return null;
  if (/^[-+]?\d+$/.test(raw)) return /^\d+$/.test(raw) ? Number(raw) : null;
  const date = Date.parse(raw);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * The wait before retry `attempt` (0 for the first): what Retry-After asks when it says,
 * else 0.5 s doubled each time; never more than `MAX_RATE_LIMIT_WAIT_MS`.
 */
export function rateLimitBackoffMs(attempt: number, retryAfter: number | null): number {
  const wanted =
    retryAfter !== null ? retryAfter * 1000 : BASE_RATE_LIMIT_WAIT_MS * 2 ** Math.max(0, attempt);
  return Math.min(MAX_RATE_LIMIT_WAIT_MS, wanted);
}
