/**
 * A view's failed data load as the platform's onLoadError receives it (USERS.md 11: typed,
 * with the request id): an API answer becomes `api_error` with SPEC.md §8's
 * "HTTP status code: {status}. Reason: {message}" (`rate_limit` for a 429), a network
 * failure `network_error`.
 */
import { RATE_LIMIT_ERROR } from "../../protocol/messages/rate-limit.ts";
import { type CallFailure, httpErrorMessage, isRateLimitFailure } from "../auth/failure.ts";
import type { FrameLoadError } from "./component-frame.machine.ts";

export function loadErrorOf(failure: CallFailure): FrameLoadError {
  if (failure.kind === "network") {
    return { name: "network_error", message: failure.message || "Unknown error" };
  }
  return {
    // A 429 the data layer's retries did not get past: typed, so a platform can tell it.
    name: isRateLimitFailure(failure) ? RATE_LIMIT_ERROR : "api_error",
    message: httpErrorMessage(failure.status, failure.error.message),
    ...(failure.requestId ? { requestId: failure.requestId } : {}),
  };
}
