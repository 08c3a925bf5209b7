/**
 * The payout as the API answers it (READING.md conventions), with its expandable fields
 * (`destination`, `balance_transaction`: the id or the object). Kept here only until the
 * payout object lands in protocol/objects/ (issue 10, item 1): the machine and the views
 * take their types from this one schema, and the resource client parses answers with it.
 */
import { z } from "zod";

export const payoutStatuses = ["pending", "in_transit", "paid", "failed", "canceled"] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export const payoutMethods = ["standard", "instant"] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

const bankAccountSchema = z.object({
  id: z.string(),
  bank_name: z.string().nullable().default(null),
  last4: z.string().nullable().default(null),
});

const balanceTransactionSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  net: z.number().int(),
  currency: z.string(),
});

export const payoutSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string().min(3),
  created: z.number().int(),
  arrival_date: z.number().int(),
  status: z.enum(payoutStatuses),
  method: z.enum(payoutMethods),
  automatic: z.boolean(),
  description: z.string().nullable().default(null),
  destination: z.union([z.string(), bankAccountSchema]).nullable().default(null),
  balance_transaction: z.union([z.string(), balanceTransactionSchema]),
  failure_message: z.string().nullable().default(null),
});

export type Payout = z.output<typeof payoutSchema>;
