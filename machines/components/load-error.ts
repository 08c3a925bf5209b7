/**
 * A view's failed data load as the platform's onLoadError receives it (USERS.md 11: typed,
 * with the request id): an API answer becomes `api_error` with SPEC.md §8's
 * "HTTP status code: {status}. Reason: {message}", a network failure `network_error`.
 */
import { type CallFailure, httpErrorMessage } from "../auth/failure.ts";
import type { FrameLoadError } from "./component-frame.machine.ts";

export function loadErrorOf(failure: CallFailure): FrameLoadError {
  if (failure.kind === "network") {
    return { name: "network_error", message: failure.message || "Unknown error" };
  }
  return {
    name: "api_error",
    message: httpErrorMessage(failure.status, failure.error.message),
    ...(failure.requestId ? { requestId: failure.requestId } : {}),
  };
}
