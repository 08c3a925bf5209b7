/** The balance (`GET /v1/balance`): available, pending and instant_available per currency. */
import * as z from "zod/mini";
import { moneySchema } from "./api-fields.schema.ts";

export const balanceSchema = z.strictObject({
  object: z.literal("balance"),
  livemode: z.boolean(),
  available: z.array(moneySchema),
  pending: z.array(moneySchema),
  instant_available: z.array(moneySchema),
});
export type Balance = z.output<typeof balanceSchema>;
