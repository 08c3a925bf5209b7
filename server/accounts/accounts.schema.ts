/** The connected account, person and external account as the API shows them (OpenAPI). */
import { z } from "zod";
import { countryParam, currencyParam } from "../http/params.ts";
import { accountModelParams } from "./account-params.ts";

export const accountTypes = ["custom", "express", "standard"] as const;

const nullableString = z.string().nullable();
const addressSchema = z.object({
  line1: nullableString,
  line2: nullableString,
  city: nullableString,
  state: nullableString,
  postal_code: nullableString,
  country: nullableString,
});

export const requirementsSchema = z.object({
  currently_due: z.array(z.string()),
  eventually_due: z.array(z.string()),
  past_due: z.array(z.string()),
  pending_verification: z.array(z.string()),
  errors: z.array(z.object({ requirement: z.string(), code: z.string(), reason: z.string() })),
  disabled_reason: nullableString,
  current_deadline: z.number().int().nullable(),
});

export const personObjectSchema = z.object({
  id: z.string(),
  object: z.literal("person"),
  account: z.string(),
  first_name: nullableString,
  last_name: nullableString,
  email: nullableString,
  phone: nullableString,
  dob: z.object({
    day: z.number().int().nullable(),
    month: z.number().int().nullable(),
    year: z.number().int().nullable(),
  }),
  address: addressSchema,
  relationship: z.object({
    representative: z.boolean(),
    owner: z.boolean(),
    director: z.boolean(),
    executive: z.boolean(),
    title: nullableString,
    percent_ownership: z.number().nullable(),
  }),
  id_number_provided: z.boolean(),
  ssn_last_4_provided: z.boolean(),
  verification: z.object({
    status: z.enum(["unverified", "pending", "verified"]),
    details: nullableString,
    details_code: nullableString,
    document: z.object({ provided: z.boolean() }),
  }),
  metadata: z.record(z.string(), z.string()),
  created: z.number().int(),
});

const externalCommon = {
  id: z.string(),
  account: z.string(),
  country: z.string(),
  currency: z.string(),
  default_for_currency: z.boolean(),
  fingerprint: z.string(),
  last4: z.string(),
  metadata: z.record(z.string(), z.string()),
};
export const externalAccountObjectSchema = z.discriminatedUnion("object", [
  z.object({
    ...externalCommon,
    object: z.literal("bank_account"),
    account_holder_name: nullableString,
    account_holder_type: z.enum(["individual", "company"]).nullable(),
    bank_name: nullableString,
    routing_number: nullableString,
    status: z.enum(["new", "validated", "verified", "errored"]),
  }),
  z.object({
    ...externalCommon,
    object: z.literal("card"),
    brand: nullableString,
    exp_month: z.number().int().nullable(),
    exp_year: z.number().int().nullable(),
    funding: z.literal("debit").nullable(),
  }),
]);

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    object: z.literal("list"),
    url: z.string(),
    has_more: z.boolean(),
    data: z.array(item),
  });
export const personListSchema = listOf(personObjectSchema);
export const externalAccountListSchema = listOf(externalAccountObjectSchema);

export const accountObjectSchema = z.object({
  id: z.string(),
  object: z.literal("account"),
  type: z.enum(accountTypes),
  country: z.string(),
  default_currency: z.string(),
  email: nullableString,
  business_type: z.enum(["individual", "company", "non_profit", "government_entity"]).nullable(),
  business_profile: z.object({
    name: nullableString,
    url: nullableString,
    mcc: nullableString,
    product_description: nullableString,
    support_email: nullableString,
    support_phone: nullableString,
    support_url: nullableString,
  }),
  company: z
    .object({
      name: nullableString,
      address: addressSchema,
      phone: nullableString,
      tax_id_provided: z.boolean(),
      directors_provided: z.boolean(),
      owners_provided: z.boolean(),
      executives_provided: z.boolean(),
      structure: nullableString,
    })
    .optional(),
  individual: personObjectSchema.optional(),
  capabilities: z.record(z.string(), z.enum(["active", "inactive", "pending"])),
  tos_acceptance: z.object({
    date: z.number().int().nullable(),
    ip: nullableString,
    user_agent: nullableString,
    service_agreement: z.enum(["full", "recipient"]),
  }),
  requirements: requirementsSchema,
  future_requirements: requirementsSchema,
  details_submitted: z.boolean(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  external_accounts: externalAccountListSchema,
  metadata: z.record(z.string(), z.string()),
  created: z.number().int(),
});
export type AccountObject = z.output<typeof accountObjectSchema>;

export const deletedAccountSchema = z.object({
  id: z.string(),
  object: z.literal("account"),
  deleted: z.literal(true),
});

export const createAccountParams = z.strictObject({
  ...accountModelParams,
  type: z.enum(accountTypes),
  country: countryParam.optional(),
  default_currency: currencyParam.optional(),
});

/** The usual settlement currency of a country; accounts may override it. */
const currencyByCountry: Record<string, string> = {
  US: "usd",
  CA: "cad",
  GB: "gbp",
  AU: "aud",
  NZ: "nzd",
  JP: "jpy",
  SG: "sgd",
  CH: "chf",
  SE: "sek",
  DK: "dkk",
  NO: "nok",
  PL: "pln",
  CZ: "czk",
  HU: "huf",
  RO: "ron",
  BG: "bgn",
  MX: "mxn",
  BR: "brl",
  IN: "inr",
};
export const defaultCurrencyFor = (country: string) => currencyByCountry[country] ?? "eur";
