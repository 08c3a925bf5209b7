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

/**
 * The countries whose bank accounts a person can add as the payout account from the money-out
 * views, with the account's currency and how it is written: a US routing and account number,
 * or an IBAN (the kit's fields for each).
 */
export const payoutBankCountries = {
  US: { currency: "usd", format: "routing" },
  AT: { currency: "eur", format: "iban" },
  BE: { currency: "eur", format: "iban" },
  DE: { currency: "eur", format: "iban" },
  ES: { currency: "eur", format: "iban" },
  FR: { currency: "eur", format: "iban" },
  IE: { currency: "eur", format: "iban" },
  IT: { currency: "eur", format: "iban" },
  NL: { currency: "eur", format: "iban" },
  // A UK account as its IBAN (the provider also takes a sort code and account number).
  GB: { currency: "gbp", format: "iban" },
} as const satisfies Record<string, { currency: string; format: "routing" | "iban" }>;
export type PayoutBankCountry = keyof typeof payoutBankCountries;
export const payoutBankCountryCodes = Object.keys(payoutBankCountries) as PayoutBankCountry[];

/** The ABA checksum of a US routing number: nine digits, 3·7·1 weights, a multiple of ten. */
export function isUsRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return (
    [...routing].reduce((sum, digit, i) => sum + Number(digit) * (weights[i] ?? 0), 0) % 10 === 0
  );
}

/** An IBAN in electronic form: its country's prefix, two check digits (mod 97) and 11–30 more. */
export function isIbanOf(country: string, iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban) || iban.slice(0, 2) !== country) return false;
  const moved = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) =>
    String(c.charCodeAt(0) - 55),
  );
  let rest = 0;
  for (const digit of moved) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

/**
 * The body of `POST /v1/accounts/:id/external_accounts` that the payout-account form sends:
 * a bank account of a `payoutBankCountries` country in its currency, made the default for
 * that currency. A routing number that fails its checksum or an IBAN of another country is
 * refused on its field before anything is sent (and by the provider with the same `param`).
 */
export const bankAccountCreateParamsSchema = z
  .strictObject({
    external_account: z.strictObject({
      object: z.literal("bank_account"),
      country: z.enum(payoutBankCountryCodes as [PayoutBankCountry, ...PayoutBankCountry[]]),
      currency: z.string().check(z.length(3)),
      account_holder_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
      account_number: z.string().check(z.minLength(4), z.maxLength(40)),
      routing_number: z.optional(z.string().check(z.maxLength(20))),
    }),
    default_for_currency: z.literal(true),
  })
  .check(
    z.superRefine((body, ctx) => {
      const bank = body.external_account;
      const rule = payoutBankCountries[bank.country];
      const issue = (field: string) =>
        ctx.issues.push({
          code: "custom",
          path: ["external_account", field],
          message: `Invalid ${field} for ${bank.country}`,
          input: bank[field as keyof typeof bank],
        });
      if (bank.currency !== rule.currency) issue("currency");
      if (rule.format === "routing") {
        if (!isUsRoutingNumber(bank.routing_number ?? "")) issue("routing_number");
        if (!/^\d{4,17}$/.test(bank.account_number)) issue("account_number");
      } else if (!isIbanOf(bank.country, bank.account_number)) issue("account_number");
    }),
  );
export type BankAccountCreateParams = z.output<typeof bankAccountCreateParamsSchema>;
