/** The connected account as the API shows it, and the parameters that create one. */
import { z } from "zod";
import type { Account } from "../db/schema.ts";
import { countryParam, currencyParam, formString, metadataParam } from "../http/params.ts";

export const accountTypes = ["custom", "express", "standard"] as const;

export const accountObjectSchema = z.object({
  id: z.string(),
  object: z.literal("account"),
  type: z.enum(accountTypes),
  country: z.string(),
  default_currency: z.string(),
  email: z.string().nullable(),
  business_profile: z.object({ name: z.string().nullable() }),
  details_submitted: z.boolean(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
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
  type: z.enum(accountTypes),
  country: countryParam.optional(),
  default_currency: currencyParam.optional(),
  email: z.email().max(320).optional(),
  business_profile: z.strictObject({ name: formString(500).optional() }).optional(),
  metadata: metadataParam.optional(),
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

export function renderAccount(row: Account): AccountObject {
  return {
    id: row.id,
    object: "account",
    type: row.type,
    country: row.country,
    default_currency: row.default_currency,
    email: row.email,
    business_profile: { name: row.business_name },
    details_submitted: row.details_submitted,
    charges_enabled: row.charges_enabled,
    payouts_enabled: row.payouts_enabled,
    metadata: row.metadata,
    created: row.created,
  };
}
