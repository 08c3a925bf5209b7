/**
 * Bank connections: linking the payout bank account by choosing it at a bank the provider
 * connects to, in place of typing its numbers. The provider lists the institutions of a
 * country and currency with their accounts (`GET /v1/connect/bank_connections/institutions`);
 * the payout-account flow then creates the bank account from the chosen institution and
 * account (`bankConnectionCreateParamsSchema`, with the external_account key like a typed
 * one), verified at once. A session whose component sets `disable_bank_connections`, or a
 * host that calls `setDisableBankConnections(true)`, offers typed details only.
 */
import * as z from "zod/mini";
import { listOf } from "./api-fields.schema.ts";

/** The session feature (of the payout and account components) that turns bank connections off. */
export const disableBankConnectionsFeature = "disable_bank_connections";

/** One account the person holds at an institution, shown by its name and last four digits. */
export const bankConnectionAccountSchema = z.strictObject({
  id: z.string(),
  object: z.literal("bank_connection_account"),
  /** The kind of account at the bank: `checking` or `savings`. */
  kind: z.enum(["checking", "savings"]),
  last4: z.string(),
});
export type BankConnectionAccount = z.output<typeof bankConnectionAccountSchema>;

export const bankConnectionInstitutionSchema = z.strictObject({
  id: z.string(),
  object: z.literal("bank_connection_institution"),
  name: z.string(),
  country: z.string(),
  currency: z.string(),
  accounts: z.array(bankConnectionAccountSchema),
});
export type BankConnectionInstitution = z.output<typeof bankConnectionInstitutionSchema>;

export const bankConnectionInstitutionListSchema = listOf(bankConnectionInstitutionSchema);

const idParam = z.string().check(z.minLength(1), z.maxLength(255));

/**
 * The body of `POST /v1/accounts/:id/external_accounts` that links an account through a
 * bank connection: the institution, its account, and the currency the flow is replacing
 * the payout account of (refused when the institution holds another currency), made the
 * default for that currency.
 */
export const bankConnectionCreateParamsSchema = z.strictObject({
  bank_connection: z.strictObject({
    institution: idParam,
    account: idParam,
    currency: z.string().check(z.regex(/^[a-z]{3}$/)),
  }),
  default_for_currency: z.literal(true),
});
export type BankConnectionCreateParams = z.output<typeof bankConnectionCreateParamsSchema>;
