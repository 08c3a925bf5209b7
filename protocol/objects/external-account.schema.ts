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
 * How a payout bank account is written in its country: a US routing and account number, an
 * IBAN, a Canadian transit + institution + account number, an Australian BSB + account
 * number, or a Japanese bank + branch code + account number (the kit's fields for each).
 */
export type PayoutBankFormat = "routing" | "iban" | "ca" | "au" | "jp";

/**
 * The countries whose bank accounts a person can add as the payout account from the money-out
 * views, with the account's currency and its format.
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
  CA: { currency: "cad", format: "ca" },
  AU: { currency: "aud", format: "au" },
  JP: { currency: "jpy", format: "jp" },
} as const satisfies Record<string, { currency: string; format: PayoutBankFormat }>;
export type PayoutBankCountry = keyof typeof payoutBankCountries;
export const payoutBankCountryCodes = Object.keys(payoutBankCountries) as PayoutBankCountry[];

/** The digits of a bank number as typed: spaces and dashes dropped. */
const digitsOf = (text: string) => text.replace(/[\s-]/g, "");
/** `text`'s digits when they are `min` to `max` of them, else null. */
const digits = (min: number, max: number) => (text: string) => {
  const value = digitsOf(text);
  return new RegExp(`^\\d{${min},${max}}$`).test(value) ? value : null;
};

/**
 * The parts of a CA, AU or JP bank account, each a run of digits (`min`–`max`; spaces and
 * dashes ignored). The routing number is the routing parts' digits joined by `joiner`
 * (CA: "TTTTT-III", transit then institution; AU: the BSB; JP: bank code then branch code,
 * seven digits). A JP account number of 1–7 digits is zero-padded to seven.
 * One definition, used by the kit's fields, this file's create schema and the provider.
 */
export const localBankParts = {
  ca: {
    routing: [
      { name: "transit", min: 5, max: 5 },
      { name: "institution", min: 3, max: 3 },
    ],
    joiner: "-",
    account: { min: 7, max: 12, pad: 0 },
  },
  au: {
    routing: [{ name: "bsb", min: 6, max: 6 }],
    joiner: "",
    account: { min: 5, max: 9, pad: 0 },
  },
  jp: {
    routing: [
      { name: "bank", min: 4, max: 4 },
      { name: "branch", min: 3, max: 3 },
    ],
    joiner: "",
    account: { min: 1, max: 7, pad: 7 },
  },
} as const;
export type LocalBankFormat = keyof typeof localBankParts;
export type LocalBankPart = (typeof localBankParts)[LocalBankFormat]["routing"][number]["name"];

/** One part of a local routing number as typed → its digits, or null when refused. */
export function checkLocalBankPart(
  format: LocalBankFormat,
  part: LocalBankPart,
  text: string,
): string | null {
  const rule = localBankParts[format].routing.find((p) => p.name === part);
  return rule ? digits(rule.min, rule.max)(text) : null;
}

/**
 * A local routing number (CA "TTTTT-III", AU BSB, JP bank + branch) → its digits (CA eight,
 * AU six, JP seven), or null when refused.
 */
export function checkLocalRoutingNumber(format: LocalBankFormat, text: string): string | null {
  const rule = localBankParts[format];
  const total = rule.routing.reduce((sum, p) => sum + p.max, 0);
  return digits(total, total)(text);
}

/** A local account number → its digits (JP zero-padded to seven), or null when refused. */
export function checkLocalAccountNumber(format: LocalBankFormat, text: string): string | null {
  const { min, max, pad } = localBankParts[format].account;
  return digits(min, max)(text)?.padStart(pad, "0") ?? null;
}

/** The local format of a country's bank accounts, if it has one. */
export const localBankFormatOf = (country: string): LocalBankFormat | undefined => {
  const format = (payoutBankCountries as Record<string, { format: PayoutBankFormat }>)[country]
    ?.format;
  return format === "ca" || format === "au" || format === "jp" ? format : undefined;
};

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
      account_number: z.string().check(z.minLength(1), z.maxLength(40)),
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
      } else if (rule.format === "iban") {
        if (!isIbanOf(bank.country, bank.account_number)) issue("account_number");
      } else {
        if (checkLocalRoutingNumber(rule.format, bank.routing_number ?? "") === null)
          issue("routing_number");
        if (checkLocalAccountNumber(rule.format, bank.account_number) === null)
          issue("account_number");
      }
    }),
  );
export type BankAccountCreateParams = z.output<typeof bankAccountCreateParamsSchema>;
