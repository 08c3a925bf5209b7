/**
 * The API error object of READING.md: `{error: {type, code, message, param}}` with the HTTP
 * status that matches. Handlers throw `ApiError`; the app's error handler writes it.
 */
import type { ApiErrorType } from "../../protocol/objects/api-error.schema.ts";

export class ApiError extends Error {
  readonly status: number;
  readonly type: ApiErrorType;
  readonly code: string | undefined;
  readonly param: string | undefined;

  constructor(
    status: number,
    type: ApiErrorType,
    message: string,
    options: { code?: string; param?: string } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.type = type;
    this.code = options.code;
    this.param = options.param;
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
