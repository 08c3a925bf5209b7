/**
 * A payout to the account's external account. Its status follows the clock: `pending`
 * until it is submitted (cancelable until then), `in_transit` until `arrival_date`, then
 * `paid`; or `canceled`; or `failed` when the bank returns it after submission, with
 * `failure_code` and `failure_message`, the money back in the balance through
 * `failure_balance_transaction`. `balance_transaction`, `failure_balance_transaction` and
 * `destination` are expandable.
 */
import * as z from "zod/mini";
import {
  expandable,
  metadataSchema,
  nullableStringSchema,
  unixSecondsSchema,
} from "./api-fields.schema.ts";
import { balanceTransactionSchema } from "./balance-transaction.schema.ts";
import { externalAccountSchema } from "./external-account.schema.ts";

export const payoutStatuses = ["pending", "in_transit", "paid", "failed", "canceled"] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export const payoutMethods = ["standard", "instant"] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

/** Why a bank returned a payout (the codes the sandbox produces, server/README.md). */
export const payoutFailureCodes = ["account_closed", "no_account", "could_not_process"] as const;
export type PayoutFailureCode = (typeof payoutFailureCodes)[number];

export const payoutSchema = z.strictObject({
  id: z.string(),
  object: z.literal("payout"),
  amount: z.int(),
  arrival_date: unixSecondsSchema,
  automatic: z.boolean(),
  balance_transaction: expandable(balanceTransactionSchema),
  /** The `payout_cancel` ledger row, once canceled. */
  reversal: nullableStringSchema,
  created: unixSecondsSchema,
  currency: z.string(),
  description: nullableStringSchema,
  /** The external account paid to (null for a payout made before it had one). */
  destination: z.nullable(expandable(externalAccountSchema)),
  /** The `payout_failure` ledger row that returned the money, once failed. */
  failure_balance_transaction: z.nullable(expandable(balanceTransactionSchema)),
  failure_code: z.nullable(z.enum(payoutFailureCodes)),
  failure_message: nullableStringSchema,
  livemode: z.boolean(),
  metadata: metadataSchema,
  method: z.enum(payoutMethods),
  statement_descriptor: nullableStringSchema,
  status: z.enum(payoutStatuses),
  type: z.enum(["bank_account", "card"]),
});
export type Payout = z.output<typeof payoutSchema>;

/**
 * The body of `POST /v1/payouts` that the payout forms send (the balances view's manual and
 * instant payouts, the create-payout entry point's): checked by the form before anything is
 * sent.
 */
export const payoutCreateParamsSchema = z.strictObject({
  amount: z.int().check(z.positive(), z.maximum(99_999_999)),
  currency: z.string().check(z.length(3)),
  method: z.enum(payoutMethods),
  /** Why the payout is made (the create-payout entry point's `payout-purpose`). */
  description: z.optional(z.string().check(z.minLength(1), z.maxLength(1000))),
});
export type PayoutCreateParams = z.output<typeof payoutCreateParamsSchema>;
