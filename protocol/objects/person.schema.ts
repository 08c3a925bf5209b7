/** A person of a connected account (representative, owner, director, executive). */
import * as z from "zod/mini";
import { addressSchema } from "./address.schema.ts";
import {
  deletedObjectSchema,
  metadataSchema,
  nullableStringSchema,
  unixSecondsSchema,
} from "./api-fields.schema.ts";

export const verificationStatuses = ["unverified", "pending", "verified"] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

export const personSchema = z.strictObject({
  id: z.string(),
  object: z.literal("person"),
  account: z.string(),
  first_name: nullableStringSchema,
  last_name: nullableStringSchema,
  email: nullableStringSchema,
  phone: nullableStringSchema,
  dob: z.strictObject({
    day: z.nullable(z.int()),
    month: z.nullable(z.int()),
    year: z.nullable(z.int()),
  }),
  address: addressSchema,
  relationship: z.strictObject({
    representative: z.boolean(),
    owner: z.boolean(),
    director: z.boolean(),
    executive: z.boolean(),
    title: nullableStringSchema,
    percent_ownership: z.nullable(z.number()),
  }),
  id_number_provided: z.boolean(),
  ssn_last_4_provided: z.boolean(),
  verification: z.strictObject({
    status: z.enum(verificationStatuses),
    details: nullableStringSchema,
    details_code: nullableStringSchema,
    document: z.strictObject({ provided: z.boolean() }),
  }),
  metadata: metadataSchema,
  created: unixSecondsSchema,
});
export type Person = z.output<typeof personSchema>;

export const deletedPersonSchema = deletedObjectSchema("person");
