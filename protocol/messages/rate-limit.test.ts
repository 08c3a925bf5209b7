import { describe, expect, it } from "vitest";
import {
  isRateLimited,
  isRetryableAnswer,
  MAX_RATE_LIMIT_WAIT_MS,
  mayRetryRateLimited,
  rateLimitBackoffMs,
  retryAfterSeconds,
} from "./rate-limit.ts";

describe("the rate-limit answer as the data layer and the frames read it", () => {
  it("reads Retry-After as whole seconds or as an HTTP date; null when absent or unreadable", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    expect(retryAfterSeconds({ "retry-after": "3" }, now)).toBe(3);
    expect(retryAfterSeconds({ "retry-after": " 0 " }, now)).toBe(0);
    expect(retryAfterSeconds({ "retry-after": "Wed, 25 Nov 2026 12:00:07 GMT" }, now)).toBe(7);
    expect(retryAfterSeconds({ "retry-after": "Wed, 25 Nov 2026 11:00:00 GMT" }, now)).toBe(0);
    expect(retryAfterSeconds({}, now)).toBeNull();
    expect(retryAfterSeconds({ "retry-after": "soon" }, now)).toBeNull();
    expect(retryAfterSeconds({ "retry-after": "-1" }, now)).toBeNull();
  });

  it("waits what Retry-After asks, else 0.5 s doubled per retry, never more than 5 s", () => {
    expect(rateLimitBackoffMs(0, 1)).toBe(1_000);
    expect(rateLimitBackoffMs(1, 0)).toBe(0);
    expect(rateLimitBackoffMs(0, null)).toBe(500);
    expect(rateLimitBackoffMs(1, null)).toBe(1_000);
    expect(rateLimitBackoffMs(9, null)).toBe(MAX_RATE_LIMIT_WAIT_MS);
    expect(rateLimitBackoffMs(0, 3600)).toBe(MAX_RATE_LIMIT_WAIT_MS);
  });

  it("is a 429 and nothing else", () => {
    expect(isRateLimited(429)).toBe(true);
    for (const status of [200, 400, 403, 500, 503]) expect(isRateLimited(status)).toBe(false);
  });

  it("waits out a 429, and a 503 only when it says when to come back", () => {
    expect(isRetryableAnswer(429, {})).toBe(true);
    expect(isRetryableAnswer(503, { "retry-after": "2" })).toBe(true);
    expect(isRetryableAnswer(503, {})).toBe(false);
    expect(isRetryableAnswer(503, { "retry-after": "soon" })).toBe(false);
    for (const status of [200, 400, 500, 502, 504])
      expect(isRetryableAnswer(status, { "retry-after": "2" })).toBe(false);
  });

  it("lets a GET be sent again, a write only when it carries an Idempotency-Key", () => {
    expect(mayRetryRateLimited("GET", {})).toBe(true);
    expect(mayRetryRateLimited("get", {})).toBe(true);
    expect(mayRetryRateLimited("POST", { "Idempotency-Key": "intent-1" })).toBe(true);
    expect(mayRetryRateLimited("POST", { "idempotency-key": "intent-1" })).toBe(true);
    expect(mayRetryRateLimited("DELETE", { "Idempotency-Key": "intent-1" })).toBe(true);
    expect(mayRetryRateLimited("POST", {})).toBe(false);
    expect(mayRetryRateLimited("POST", { "Idempotency-Key": " " })).toBe(false);
    expect(mayRetryRateLimited("DELETE", { "X-Other": "intent-1" })).toBe(false);
  });
});
