/**
 * The API error object (SPEC.md §3, §7) and the error-response body `{error: {...}}` that
 * every non-OK API response carries, in the conventions of READING.md. The `Request-Id`
 * response header is read alongside; a reader may copy it into `request_id`.
 */
import * as z from "zod/mini";

export const apiErrorTypes = [
  "api_error",
  "card_error",
  "idempotency_error",
  "invalid_request_error",
  "authentication_error",
  "permission_error",
  "rate_limit_error",
] as const;
export const apiErrorTypeSchema = z.enum(apiErrorTypes);
export type ApiErrorType = z.output<typeof apiErrorTypeSchema>;

export const apiErrorSchema = z.object({
  type: apiErrorTypeSchema,
  /** A machine-readable code (`resource_missing`, `parameter_invalid_integer`, ...). */
  code: z.optional(z.string().check(z.maxLength(255))),
  /** A human-readable message for developers. */
  message: z.optional(z.string().check(z.maxLength(10_000))),
  /** A code naming a localisable message the UI may show instead of `message`. */
  message_code: z.optional(z.string().check(z.maxLength(255))),
  /** The request parameter the error is about, in bracket form (`external_account[country]`). */
  param: z.optional(z.string().check(z.maxLength(1024))),
  /** The id of the failed request (the `Request-Id` header). */
  request_id: z.optional(z.string().check(z.maxLength(255))),
});

export const apiErrorResponseSchema = z.object({ error: apiErrorSchema });

export type ApiError = z.output<typeof apiErrorSchema>;
export type ApiErrorResponse = z.output<typeof apiErrorResponseSchema>;
