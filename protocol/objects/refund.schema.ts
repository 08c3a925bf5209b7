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
