/** A refund of a charge, whole or partial. `balance_transaction` and `charge` are expandable. */
import * as z from "zod/mini";
import {
  expandable,
  metadataSchema,
  nullableStringSchema,
  unixSecondsSchema,
} from "./api-fields.schema.ts";
import { balanceTransactionSchema } from "./balance-transaction.schema.ts";
import { chargeSchema } from "./charge.schema.ts";

export const refundStatuses = ["succeeded"] as const;

export const refundSchema = z.strictObject({
  id: z.string(),
  object: z.literal("refund"),
  amount: z.int(),
  balance_transaction: expandable(balanceTransactionSchema),
  charge: expandable(chargeSchema),
  created: unixSecondsSchema,
  currency: z.string(),
  metadata: metadataSchema,
  reason: nullableStringSchema,
  status: z.enum(refundStatuses),
});
export type Refund = z.output<typeof refundSchema>;

/** Why a refund is made (the provider's values). */
export const refundReasons = ["duplicate", "fraudulent", "requested_by_customer"] as const;
export type RefundReason = (typeof refundReasons)[number];

/**
 * What `POST /v1/refunds` takes from a person's refund form: the charge, a positive amount
 * in minor units (the provider refuses more than remains), and an optional reason.
 */
export const refundCreateParamsSchema = z.strictObject({
  charge: z.string().check(z.minLength(1)),
  amount: z.int().check(z.positive()),
  reason: z.optional(z.enum(refundReasons)),
});
export type RefundCreateParams = z.output<typeof refundCreateParamsSchema>;
