/**
 * A tax invoice: the provider's fees charged to a connected account in one calendar month
 * (UTC) and one currency, as the ledger recorded them (each balance transaction's `fee`), one
 * line per kind of fee. It is derived from the ledger, never stored: a month with fees has its
 * invoice from the first second of the next month (`created`, the issue date). Its PDF is
 * `GET /v1/tax_invoices/:id/pdf`.
 */
import * as z from "zod/mini";
import { unixSecondsSchema } from "./api-fields.schema.ts";

/**
 * The kinds of fee, by the ledger row that carried it: a payment's processing fee, the part of
 * it given back by a refund (negative), a dispute's fee, an instant payout's fee, and any other.
 */
export const taxInvoiceLineKinds = [
  "payment_fees",
  "refunded_payment_fees",
  "dispute_fees",
  "instant_payout_fees",
  "other_fees",
] as const;
export type TaxInvoiceLineKind = (typeof taxInvoiceLineKinds)[number];

export const taxInvoiceLineSchema = z.strictObject({
  kind: z.enum(taxInvoiceLineKinds),
  /** How many ledger rows carried this kind of fee in the period. */
  quantity: z.int(),
  /** Their fees' sum, in minor units (negative for fees given back). */
  amount: z.int(),
});
export type TaxInvoiceLine = z.output<typeof taxInvoiceLineSchema>;

export const taxInvoiceSchema = z.strictObject({
  id: z.string(),
  object: z.literal("tax_invoice"),
  /** The invoice's number as printed: `<YYYY>-<MM>-<CURRENCY>-<account suffix>`. */
  number: z.string(),
  /** The connected account billed. */
  account: z.string(),
  /** The business name on the invoice (the account's business profile or company name; null
   * when the account has none yet). */
  account_name: z.nullable(z.string()),
  currency: z.string(),
  /** The month billed: its first second, and the first second of the next month. */
  period_start: unixSecondsSchema,
  period_end: unixSecondsSchema,
  /** The issue date: the end of the period. */
  created: unixSecondsSchema,
  lines: z.array(taxInvoiceLineSchema),
  /** The sum of the lines, in minor units. */
  total: z.int(),
  livemode: z.boolean(),
});
export type TaxInvoice = z.output<typeof taxInvoiceSchema>;
