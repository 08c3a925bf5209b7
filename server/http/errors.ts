/**
 * The API error object of READING.md: `{error: {type, code, message, param}}` with the HTTP
 * status that matches. Handlers throw `ApiError`; the app's error handler writes it.
 */
import type { Hono } from "hono";
import type { ApiErrorType } from "../../protocol/objects/api-error.schema.ts";
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

/**
 * The not-found and error answers of a host app that speaks the API's error object (the API
 * host, the files host): an unknown URL is `url_invalid`; an ApiError is answered as it is;
 * anything else is logged with its request id and answered as a generic `api_error` (500).
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
    console.error(`[${requestId}]`, error);
    const internal = new ApiError(500, "api_error", "An unexpected error occurred.");
    return c.json(internal.toBody(requestId), 500);
  });
}
