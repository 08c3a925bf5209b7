/**
 * An account's requirements (and future_requirements): what is due now, eventually, past
 * due or being verified, the errors of failed checks, and why the account is disabled.
 */
import * as z from "zod/mini";
import { nullableStringSchema } from "./api-fields.schema.ts";

export const requirementErrorSchema = z.strictObject({
  requirement: z.string(),
  code: z.string(),
  reason: z.string(),
});

export const requirementsSchema = z.strictObject({
  currently_due: z.array(z.string()),
  eventually_due: z.array(z.string()),
  past_due: z.array(z.string()),
  pending_verification: z.array(z.string()),
  errors: z.array(requirementErrorSchema),
  disabled_reason: nullableStringSchema,
  current_deadline: z.nullable(z.int()),
});
export type Requirements = z.output<typeof requirementsSchema>;
