/**
 * An external account: where payouts go, a bank account or a debit card, `object` telling
 * which. A bank account's `status` follows its checks (`new` → `validated` / `errored`).
 */
import * as z from "zod/mini";
import { metadataSchema, nullableStringSchema } from "./api-fields.schema.ts";

export const bankAccountStatuses = ["new", "validated", "verified", "errored"] as const;
export const accountHolderTypes = ["individual", "company"] as const;

const externalAccountShape = {
  id: z.string(),
  account: z.string(),
  country: z.string(),
  currency: z.string(),
  default_for_currency: z.boolean(),
  fingerprint: z.string(),
  last4: z.string(),
  metadata: metadataSchema,
};

export const bankAccountSchema = z.strictObject({
  ...externalAccountShape,
  object: z.literal("bank_account"),
  account_holder_name: nullableStringSchema,
  account_holder_type: z.nullable(z.enum(accountHolderTypes)),
  bank_name: nullableStringSchema,
  routing_number: nullableStringSchema,
  status: z.enum(bankAccountStatuses),
});
export type BankAccount = z.output<typeof bankAccountSchema>;

export const cardSchema = z.strictObject({
  ...externalAccountShape,
  object: z.literal("card"),
  brand: nullableStringSchema,
  exp_month: z.nullable(z.int()),
  exp_year: z.nullable(z.int()),
  funding: z.nullable(z.literal("debit")),
});
export type Card = z.output<typeof cardSchema>;

export const externalAccountSchema = z.discriminatedUnion("object", [
  bankAccountSchema,
  cardSchema,
]);
export type ExternalAccount = z.output<typeof externalAccountSchema>;

/** The answer of deleting an external account. */
export const deletedExternalAccountSchema = z.strictObject({
  id: z.string(),
  object: z.enum(["bank_account", "card"]),
  deleted: z.literal(true),
});
