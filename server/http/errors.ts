/**
 * The API error object of READING.md: `{error: {type, code, message, param}}` with the HTTP
 * status that matches. Handlers throw `ApiError`; the app's error handler writes it.
 */
import type { Hono } from "hono";
import type { ApiErrorType } from "../../protocol/objects/api-error.schema.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import type { AppEnv } from "./context.ts";

export class ApiError extends Error {
  readonly status: number;
  readonly type: ApiErrorType;
  readonly code: string | undefined;
  readonly param: string | undefined;
  /** Response headers the answer carries (e.g. `Retry-After` on a 429). */
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    type: ApiErrorType,
    message: string,
    options: { code?: string; param?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.type = type;
    this.code = options.code;
    this.param = options.param;
    this.headers = options.headers;
  }

  toBody(requestId: string) {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
        request_id: requestId,
      },
    };
  }
}

export const invalidRequest = (message: string, options: { code?: string; param?: string } = {}) =>
  new ApiError(400, "invalid_request_error", message, options);

export const resourceMissing = (what: string, id: string, param?: string) =>
  new ApiError(404, "invalid_request_error", `No such ${what}: '${id}'`, {
    code: "resource_missing",
    ...(param ? { param } : {}),
  });

export const authenticationError = (message: string, code?: string) =>
  new ApiError(401, "authentication_error", message, code ? { code } : {});

export const permissionError = (message: string, code?: string) =>
  new ApiError(403, "permission_error", message, code ? { code } : {});

/** Seconds a client waits before retrying a request the database could not serve. */
export const databaseRetryAfterSeconds = 2;

/**
 * The answer to a request the database could not serve: it was unreachable, or the
 * connection dropped (`db/unavailable.ts`). Nothing of the request was committed (its
 * transaction, with any Idempotency-Key it claimed, rolled back with the connection), so
 * the retry runs once. `mayHaveCommitted`: the connection dropped during the COMMIT itself
 * (`route.ts`), so whether it took effect is unknown and the message says so.
 */
export const databaseUnavailable = (options: { mayHaveCommitted?: boolean } = {}) =>
  new ApiError(
    503,
    "api_error",
    options.mayHaveCommitted
      ? `The connection to the database was lost while this request was committing, so it may have been committed. Retry it after ${databaseRetryAfterSeconds} seconds (Retry-After) with the same Idempotency-Key: if it was committed, its answer is replayed and it does not run again. Without an Idempotency-Key, check whether it took effect before making it again.`
      : `The database is unavailable; nothing of this request was committed. Retry it after ${databaseRetryAfterSeconds} seconds (Retry-After), with the same Idempotency-Key for a POST.`,
    {
      code: "database_unavailable",
      headers: { "Retry-After": String(databaseRetryAfterSeconds) },
    },
  );

/**
 * The not-found and error answers of a host app that speaks the API's error object (the API
 * host, the files host): an unknown URL is `url_invalid`; an ApiError is answered as it is;
 * the database out of reach (`db/unavailable.ts`) is logged in one line and answered 503
 * `database_unavailable` with Retry-After; anything else is logged with its request id and
 * answered as a generic `api_error` (500).
 */
export function answerErrorsAsApi(app: Hono<AppEnv>): void {
  app.notFound((c) => {
    const error = new ApiError(
      404,
      "invalid_request_error",
      `Unrecognized request URL (${c.req.method}: ${c.req.path}).`,
      { code: "url_invalid" },
    );
    return c.json(error.toBody(c.get("requestId")), 404);
  });
  app.onError((error, c) => {
    const requestId = c.get("requestId");
    if (error instanceof ApiError) {
      return c.json(error.toBody(requestId), error.status as 400, error.headers ?? {});
    }
    if (isDatabaseUnavailable(error)) {
      console.error(`[${requestId}] database unavailable: ${error.message}`);
      const unavailable = databaseUnavailable();
      return c.json(unavailable.toBody(requestId), 503, unavailable.headers);
    }
    console.error(`[${requestId}]`, error);
    const internal = new ApiError(500, "api_error", "An unexpected error occurred.");
    return c.json(internal.toBody(requestId), 500);
  });
}
