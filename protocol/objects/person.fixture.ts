/**
 * A person as the provider answers one, with nothing on file but what `fields` gives
 * (parsed by the protocol schema, so a fixture cannot take a shape the provider never
 * answers). For tests only.
 */
import { type Person, personSchema } from "./person.schema.ts";

export const personOf = (
  fields: Partial<Omit<Person, "relationship">> & {
    id: string;
    relationship?: Partial<Person["relationship"]>;
  },
): Person =>
  personSchema.parse({
    object: "person",
    account: "acct_1",
    first_name: null,
    last_name: null,
    email: null,
    phone: null,
    dob: { day: null, month: null, year: null },
    address: {
      line1: null,
      line2: null,
      city: null,
      state: null,
      postal_code: null,
      country: null,
    },
    id_number_provided: false,
    ssn_last_4_provided: false,
    verification: {
      status: "unverified",
      details: null,
      details_code: null,
      document: { provided: false },
    },
    metadata: {},
    created: 1_767_000_000,
    ...fields,
    relationship: {
      representative: false,
      owner: false,
      director: false,
      executive: false,
      title: null,
      percent_ownership: null,
      ...fields.relationship,
    },
  });
