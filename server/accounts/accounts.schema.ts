/** The parameters of creating an account, and its default currency by country. */
import { z } from "zod";
import { accountTypes, lossLiabilityOwners } from "../../protocol/objects/account.schema.ts";
import { countryParam, currencyParam } from "../http/params.ts";
import { accountModelParams } from "./account-params.ts";

export const createAccountParams = z.strictObject({
  ...accountModelParams,
  type: z.enum(accountTypes),
  country: countryParam.optional(),
  default_currency: currencyParam.optional(),
  /** Who bears the account's payment losses (`application` unless named). */
  controller: z
    .strictObject({
      losses: z.strictObject({ payments: z.enum(lossLiabilityOwners) }),
    })
    .optional(),
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
