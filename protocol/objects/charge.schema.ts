/**
 * A charge (a payment): its amounts (captured, refunded), the card it was made with, the
 * customer, whether it is disputed, its payment state and the moments of its timeline
 * (created, captured_at or canceled_at; refunds and the dispute are their own objects).
 * `balance_transaction` is expandable.
 */
import * as z from "zod/mini";
import {
  expandable,
  metadataSchema,
  nullableStringSchema,
  unixSecondsSchema,
} from "./api-fields.schema.ts";
import { balanceTransactionSchema } from "./balance-transaction.schema.ts";

export const chargeStatuses = ["succeeded", "pending", "failed"] as const;
export type ChargeStatus = (typeof chargeStatuses)[number];

/**
 * The payment's state as a person sees it (READING.md: requires_capture, succeeded,
 * refunded, partially_refunded, disputed, failed; and canceled, an uncaptured payment
 * released without capture). The provider keeps it with every change; the payments list
 * filters and shows it.
 */
export const paymentStatuses = [
  "requires_capture",
  "succeeded",
  "refunded",
  "partially_refunded",
  "disputed",
  "failed",
  "canceled",
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const cardFundings = ["credit", "debit"] as const;

export const cardDetailsSchema = z.strictObject({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.int(),
  exp_year: z.int(),
  country: z.string(),
  funding: z.enum(cardFundings),
});
export type CardDetails = z.output<typeof cardDetailsSchema>;

export const paymentMethodDetailsSchema = z.strictObject({
  type: z.literal("card"),
  card: cardDetailsSchema,
});
export type PaymentMethodDetails = z.output<typeof paymentMethodDetailsSchema>;

export const chargeCustomerSchema = z.strictObject({
  email: nullableStringSchema,
  name: nullableStringSchema,
});

export const chargeSchema = z.strictObject({
  id: z.string(),
  object: z.literal("charge"),
  amount: z.int(),
  amount_captured: z.int(),
  amount_refunded: z.int(),
  balance_transaction: z.nullable(expandable(balanceTransactionSchema)),
  captured: z.boolean(),
  created: unixSecondsSchema,
  currency: z.string(),
  customer: z.nullable(chargeCustomerSchema),
  description: nullableStringSchema,
  disputed: z.boolean(),
  /** The charge's dispute, if any. */
  dispute: nullableStringSchema,
  failure_code: nullableStringSchema,
  failure_message: nullableStringSchema,
  livemode: z.boolean(),
  /**
   * The platform's own data on the payment. Absent in an account session's answers unless
   * the session enables `enable_metadata_in_payment_details` (a payment-details feature).
   */
  metadata: z.optional(metadataSchema),
  paid: z.boolean(),
  /** The sandbox payment method token the charge was made with (`pm_card_visa`, ...). */
  payment_method: z.string(),
  payment_method_details: paymentMethodDetailsSchema,
  refunded: z.boolean(),
  status: z.enum(chargeStatuses),
  /** The payment's state (`paymentStatuses`): what the payments list shows and filters. */
  payment_status: z.enum(paymentStatuses),
  /** The timeline's moments: when it was captured, or released without capture. */
  captured_at: z.nullable(unixSecondsSchema),
  canceled_at: z.nullable(unixSecondsSchema),
});
export type Charge = z.output<typeof chargeSchema>;

/**
 * `POST /v1/charges/:id/capture`: capture an uncaptured payment, all of it (no amount) or
 * `amount_to_capture` in minor units (at most the payment's amount; the provider checks).
 */
export const chargeCaptureParamsSchema = z.strictObject({
  amount_to_capture: z.optional(z.int().check(z.positive())),
});
export type ChargeCaptureParams = z.output<typeof chargeCaptureParamsSchema>;

/** `POST /v1/charges/:id/cancel`: release an uncaptured payment; it takes no parameters. */
export const chargeCancelParamsSchema = z.strictObject({});
