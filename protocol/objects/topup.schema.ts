/**
 * A top-up: money the account adds to its balance from its payout bank account (where the
 * session enables `enable_topups` and the provider owns the account's loss liability). It is
 * `pending` until `expected_availability_date`, then `succeeded`: its `topup` ledger row
 * (`balance_transaction`) counts as pending funds, then available, like a charge's.
 */
import * as z from "zod/mini";
import {
  expandable,
  metadataSchema,
  nullableStringSchema,
  unixSecondsSchema,
} from "./api-fields.schema.ts";
import { balanceTransactionSchema } from "./balance-transaction.schema.ts";

export const topupStatuses = ["pending", "succeeded"] as const;
export type TopupStatus = (typeof topupStatuses)[number];

export const topupSchema = z.strictObject({
  id: z.string(),
  object: z.literal("topup"),
  amount: z.int(),
  currency: z.string(),
  balance_transaction: expandable(balanceTransactionSchema),
  created: unixSecondsSchema,
  description: nullableStringSchema,
  /** When the funds become available (the ledger row's `available_on`). */
  expected_availability_date: unixSecondsSchema,
  livemode: z.boolean(),
  metadata: metadataSchema,
  /** The bank account the money comes from (the account's default for the currency). */
  source: z.string(),
  status: z.enum(topupStatuses),
});
export type Topup = z.output<typeof topupSchema>;

/**
 * The body of `POST /v1/topups` that the add-funds form sends: checked by the form before
 * anything is sent, with the provider's own limits.
 */
export const topupCreateParamsSchema = z.strictObject({
  amount: z.int().check(z.positive(), z.maximum(99_999_999)),
  currency: z.string().check(z.length(3)),
});
export type TopupCreateParams = z.output<typeof topupCreateParamsSchema>;
