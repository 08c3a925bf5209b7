/**
 * The sandbox's test-helper answers: the simulated clock (read, advanced) and a reset of
 * the platform's demo data.
 */
import * as z from "zod/mini";
import { accountTypes } from "./account.schema.ts";
import { unixSecondsSchema } from "./api-fields.schema.ts";

const clockShape = {
  object: z.literal("sandbox_clock"),
  now: unixSecondsSchema,
  /** Seconds ahead of the wall clock. */
  offset: z.int(),
};

export const sandboxClockSchema = z.strictObject(clockShape);
export type SandboxClock = z.output<typeof sandboxClockSchema>;

/**
 * After an advance: how many automatic payouts the days crossed made, and how many disputes
 * under review the sandbox decided (their review ended; magic evidence).
 */
export const sandboxClockAdvanceSchema = z.strictObject({
  ...clockShape,
  automatic_payouts: z.int(),
  disputes_decided: z.int(),
});

export const seededAccountStates = [
  "new",
  "currently_due",
  "in_review",
  "restricted",
  "identity_challenge",
  "enabled",
] as const;

export const seededAccountSchema = z.strictObject({
  id: z.string(),
  label: z.string(),
  type: z.enum(accountTypes),
  state: z.enum(seededAccountStates),
});

export const sandboxResetSchema = z.strictObject({
  object: z.literal("sandbox_reset"),
  deleted_accounts: z.int(),
  main_account: z.string(),
  accounts: z.array(seededAccountSchema),
});
export type SandboxReset = z.output<typeof sandboxResetSchema>;
