/**
 * A connected account: its business, the individual or company behind it, capabilities,
 * requirements, what it may do (`charges_enabled`, `payouts_enabled`) and its external
 * accounts (a list envelope).
 */
import * as z from "zod/mini";
import { addressSchema } from "./address.schema.ts";
import {
  deletedObjectSchema,
  listOf,
  metadataSchema,
  nullableStringSchema,
  unixSecondsSchema,
} from "./api-fields.schema.ts";
import { externalAccountSchema } from "./external-account.schema.ts";
import { personSchema } from "./person.schema.ts";
import { requirementsSchema } from "./requirements.schema.ts";

export const accountTypes = ["custom", "express", "standard"] as const;
export type AccountType = (typeof accountTypes)[number];

/**
 * Who bears the account's payment losses (a negative balance, a bank debit returned): the
 * platform (`application`, the default) or the provider. Top-ups need the provider.
 */
export const lossLiabilityOwners = ["application", "provider"] as const;
export const controllerSchema = z.strictObject({
  losses: z.strictObject({ payments: z.enum(lossLiabilityOwners) }),
});
export const businessTypes = ["individual", "company", "non_profit", "government_entity"] as const;
export const capabilityStatuses = ["active", "inactive", "pending"] as const;
export type CapabilityStatus = (typeof capabilityStatuses)[number];
export const companyStructures = [
  "sole_proprietorship",
  "single_member_llc",
  "multi_member_llc",
  "private_partnership",
  "private_corporation",
  "public_corporation",
  "incorporated_non_profit",
  "unincorporated_non_profit",
  "government_instrumentality",
] as const;
export const serviceAgreements = ["full", "recipient"] as const;

export const businessProfileSchema = z.strictObject({
  name: nullableStringSchema,
  url: nullableStringSchema,
  mcc: nullableStringSchema,
  product_description: nullableStringSchema,
  support_email: nullableStringSchema,
  support_phone: nullableStringSchema,
  support_url: nullableStringSchema,
});

export const companySchema = z.strictObject({
  name: nullableStringSchema,
  address: addressSchema,
  phone: nullableStringSchema,
  tax_id_provided: z.boolean(),
  directors_provided: z.boolean(),
  owners_provided: z.boolean(),
  executives_provided: z.boolean(),
  structure: z.nullable(z.enum(companyStructures)),
});

export const tosAcceptanceSchema = z.strictObject({
  date: z.nullable(unixSecondsSchema),
  ip: nullableStringSchema,
  user_agent: nullableStringSchema,
  service_agreement: z.enum(serviceAgreements),
});

export const accountSchema = z.strictObject({
  id: z.string(),
  object: z.literal("account"),
  type: z.enum(accountTypes),
  controller: controllerSchema,
  country: z.string(),
  default_currency: z.string(),
  email: nullableStringSchema,
  business_type: z.nullable(z.enum(businessTypes)),
  business_profile: businessProfileSchema,
  /** A company's (absent for an individual). */
  company: z.optional(companySchema),
  /** An individual's, once a person is on file. */
  individual: z.optional(personSchema),
  capabilities: z.record(z.string(), z.enum(capabilityStatuses)),
  tos_acceptance: tosAcceptanceSchema,
  requirements: requirementsSchema,
  future_requirements: requirementsSchema,
  details_submitted: z.boolean(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  external_accounts: listOf(externalAccountSchema),
  metadata: metadataSchema,
  created: unixSecondsSchema,
});
export type Account = z.output<typeof accountSchema>;

export const deletedAccountSchema = deletedObjectSchema("account");
