import { describe, expect, it } from "vitest";
import { loadErrorOf } from "./load-error.ts";

describe("a view's failed data load, as the platform's onLoadError hears it", () => {
  it('an API answer is an api_error "HTTP status code: {status}. Reason: {message}" with its request id', () => {
    expect(
      loadErrorOf({
        kind: "http",
        status: 500,
        error: { message: "An unexpected error occurred." },
        requestId: "req_123",
      }),
    ).toEqual({
      name: "api_error",
      message: "HTTP status code: 500. Reason: An unexpected error occurred.",
      requestId: "req_123",
    });
  });

  it('without a message the reason is "unknown error", and no request id is invented', () => {
    expect(loadErrorOf({ kind: "http", status: 503, error: {}, requestId: null })).toEqual({
      name: "api_error",
      message: "HTTP status code: 503. Reason: unknown error",
    });
  });

  it("a 429 is the typed rate_limit, with the API's message and request id", () => {
    expect(
      loadErrorOf({
        kind: "http",
        status: 429,
        error: { type: "rate_limit_error", code: "rate_limit", message: "Too many requests" },
        requestId: "req_429",
        retryAfterSeconds: 1,
      }),
    ).toEqual({
      name: "rate_limit",
      message: "HTTP status code: 429. Reason: Too many requests",
      requestId: "req_429",
    });
  });

  it('a network failure is a network_error, "Unknown error" when it has no message', () => {
    expect(loadErrorOf({ kind: "network", message: "" })).toEqual({
      name: "network_error",
      message: "Unknown error",
    });
  });
});
