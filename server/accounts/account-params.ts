/**
 * The form parameters of the account model, as strict zod objects: an unknown parameter at
 * any depth is a 400 naming it in bracket form. Shared by account create/update, the
 * session's own account, persons and external accounts.
 */
import { z } from "zod";
import { businessTypes, companyStructures } from "../../protocol/objects/account.schema.ts";
import { dobProblem, minimumAge } from "../../protocol/objects/onboarding.schema.ts";
import { formBoolean, formInteger, formString, metadataParam } from "../http/params.ts";

export const countryCode = z.string().regex(/^[A-Z]{2}$/, { error: "Invalid country" });
export const currencyCode = z
  .string()
  .regex(/^[a-z]{3}$/, { error: "Invalid currency: lower-case ISO 4217" });
const phone = z.string().regex(/^\+?[0-9 ().-]{5,20}$/, { error: "Invalid phone number" });
/** A tax id or id number as typed (spaces, dots, dashes, slashes); `tax-ids.ts` checks more. */
const idShape = (name: string) =>
  z.string().regex(/^[0-9A-Za-z ./-]{4,40}$/, { error: `Invalid ${name}` });
const url = z.url({ protocol: /^https?$/, error: "Invalid URL: http(s) only" }).max(500);

export const addressParams = z.strictObject({
  line1: formString(200).optional(),
  line2: formString(200).optional(),
  city: formString(100).optional(),
  state: formString(100).optional(),
  postal_code: formString(20).optional(),
  country: countryCode.optional(),
});

export const dobParams = z
  .strictObject({
    day: formInteger(1, 31),
    month: formInteger(1, 12),
    year: formInteger(1900, 2100),
  })
  // The protocol's rule (the frames check the same): a real day, not after today, at least
  // `minimumAge` years before it. "Today" is the wall clock's: the sandbox clock only runs
  // ahead of it, so a day after the wall clock's is after the sandbox's too (and someone too
  // young by the wall clock may be old enough by the sandbox's: refused, as a real provider
  // would on the real day).
  .refine((d) => dobProblem(d, Date.now() / 1000) !== "no_such_day", {
    error: "Invalid date of birth: no such day",
  })
  .refine((d) => dobProblem(d, Date.now() / 1000) !== "future", {
    error: "Invalid date of birth: in the future",
  })
  .refine((d) => dobProblem(d, Date.now() / 1000) !== "too_young", {
    error: `Invalid date of birth: a person on an account is at least ${minimumAge} years old`,
  });

const percent = z
  .string()
  .regex(/^\d{1,3}(?:\.\d{1,2})?$/, { error: "Invalid percent_ownership" })
  .transform(Number)
  .pipe(z.number().min(0).max(100));

export const relationshipParams = z.strictObject({
  representative: formBoolean.optional(),
  owner: formBoolean.optional(),
  director: formBoolean.optional(),
  executive: formBoolean.optional(),
  title: formString(100).optional(),
  percent_ownership: percent.optional(),
});

export const personParams = z.strictObject({
  first_name: formString(100).optional(),
  last_name: formString(100).optional(),
  email: z.email().max(320).optional(),
  phone: phone.optional(),
  dob: dobParams.optional(),
  address: addressParams.optional(),
  // Its shape; the account's country's rule (`tax-ids.ts`) is checked by the routes.
  id_number: idShape("id_number").optional(),
  ssn_last_4: z
    .string()
    .regex(/^\d{4}$/, { error: "Invalid ssn_last_4: four digits" })
    .optional(),
  relationship: relationshipParams.optional(),
  verification: z
    .strictObject({
      document: z.strictObject({
        front: z.string().regex(/^file_[A-Za-z0-9_]+$/, { error: "Invalid file id" }),
        back: z
          .string()
          .regex(/^file_[A-Za-z0-9_]+$/, { error: "Invalid file id" })
          .optional(),
      }),
    })
    .optional(),
  metadata: metadataParam.optional(),
});
export type PersonParams = z.output<typeof personParams>;

/** A bank account in full (the number is used to derive last4 and then dropped). */
export const bankAccountParams = z.strictObject({
  object: z.literal("bank_account"),
  country: countryCode,
  currency: currencyCode,
  account_number: z.string().min(1).max(40),
  routing_number: z.string().max(20).optional(),
  account_holder_name: formString(200).optional(),
  account_holder_type: z.enum(["individual", "company"]).optional(),
  default_for_currency: formBoolean.optional(),
  metadata: metadataParam.optional(),
});
export type BankAccountParams = z.output<typeof bankAccountParams>;

/** `tok_…` (a debit card test token) or the bank account's fields. */
export const externalAccountParam = z.union([
  z.string().regex(/^tok_[a-z_]+$/, { error: "Invalid external_account: a token or a hash" }),
  bankAccountParams,
]);

export const accountModelParams = {
  email: z.email().max(320).optional(),
  default_currency: currencyCode.optional(),
  business_type: z.enum(businessTypes).optional(),
  business_profile: z
    .strictObject({
      name: formString(500).optional(),
      url: url.optional(),
      mcc: z
        .string()
        .regex(/^\d{4}$/, { error: "Invalid mcc: four digits" })
        .optional(),
      product_description: formString(1000).optional(),
      support_email: z.email().max(320).optional(),
      support_phone: phone.optional(),
      support_url: url.optional(),
    })
    .optional(),
  company: z
    .strictObject({
      name: formString(500).optional(),
      address: addressParams.optional(),
      phone: phone.optional(),
      tax_id: idShape("tax_id").optional(),
      directors_provided: formBoolean.optional(),
      owners_provided: formBoolean.optional(),
      executives_provided: formBoolean.optional(),
      structure: z.enum(companyStructures).optional(),
    })
    .optional(),
  individual: personParams.optional(),
  capabilities: z
    .strictObject({
      card_payments: z.strictObject({ requested: formBoolean }).optional(),
      transfers: z.strictObject({ requested: formBoolean }).optional(),
    })
    .optional(),
  tos_acceptance: z
    .strictObject({
      date: formInteger(0, 99_999_999_999).optional(),
      ip: z.union([z.ipv4(), z.ipv6()]).optional(),
      user_agent: formString(500).optional(),
      service_agreement: z.enum(["full", "recipient"]).optional(),
    })
    .optional(),
  external_account: externalAccountParam.optional(),
  metadata: metadataParam.optional(),
};

export const updateAccountParams = z.strictObject(accountModelParams);
export type AccountModelParams = z.output<typeof updateAccountParams>;
