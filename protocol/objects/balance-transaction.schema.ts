/**
 * A balance transaction: one row of the account's ledger (a charge, a refund, a dispute's
 * adjustment, a payout, its cancelation or failure, a top-up). `net = amount - fee`; `status` is
 * `available` from `available_on` on.
 */
import * as z from "zod/mini";
import { nullableStringSchema, unixSecondsSchema } from "./api-fields.schema.ts";

export const balanceTransactionTypes = [
  "charge",
  "refund",
  "adjustment",
  "payout",
  "payout_cancel",
  "payout_failure",
  "topup",
] as const;
export type BalanceTransactionType = (typeof balanceTransactionTypes)[number];

export const balanceTransactionStatuses = ["pending", "available"] as const;

export const balanceTransactionSchema = z.strictObject({
  id: z.string(),
  object: z.literal("balance_transaction"),
  amount: z.int(),
  fee: z.int(),
  net: z.int(),
  currency: z.string(),
  type: z.enum(balanceTransactionTypes),
  reporting_category: z.string(),
  /** The id of the object that moved the money (`ch_`, `re_`, `dp_`, `po_`, `tu_`). */
  source: z.string(),
  status: z.enum(balanceTransactionStatuses),
  available_on: unixSecondsSchema,
  description: nullableStringSchema,
  created: unixSecondsSchema,
});
export type BalanceTransaction = z.output<typeof balanceTransactionSchema>;
