/**
 * The request body limit every host applies before any handler runs: a body larger than
 * `maxBytes` (by its Content-Length, or counted as it streams in when it is sent chunked)
 * is answered 413 with the API's error object (`invalid_request_error`, code
 * `body_too_large`) and nothing runs. A host that speaks the API's errors (the API host, the
 * files host) answers with its request id; the others (connect, dashboard) with a new one.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ApiError } from "./errors.ts";
import { newId } from "./secrets.ts";

export const bodyTooLarge = (max: number) =>
  new ApiError(413, "invalid_request_error", `The request body is larger than ${max} bytes.`, {
    code: "body_too_large",
  });

/** Bodies of the hosts that take no more than a small form (connect, dashboard). */
export const smallBodyBytes = 16 * 1024;

export function limitBody(
  maxBytes: number,
  options: { skip?: (c: Context) => boolean } = {},
): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      const requestId = (c.get("requestId") as string | undefined) ?? newId("req");
      return c.json(bodyTooLarge(maxBytes).toBody(requestId), 413);
    },
  });
  return (c, next) => (options.skip?.(c) ? next() : limit(c, next));
}
