/**
 * The forms of a company's onboarding steps, on the kit's form machine, each checked with its
 * protocol schema (`protocol/objects/onboarding.schema.ts`) before anything is sent: the
 * company's details (`POST /v1/account`), a person of the company (`POST
 * /v1/accounts/:id/persons`, or `…/persons/:person` for one on file) and the attestations
 * that every owner, director and executive is on file (`POST /v1/account`).
 */
import type { Account } from "../../../protocol/objects/account.schema.ts";
import {
  attestationParamsSchema,
  companyDetailsParamsSchema,
  companyPersonParamsSchema,
} from "../../../protocol/objects/onboarding.schema.ts";
import type { Person } from "../../../protocol/objects/person.schema.ts";
import { createFormMachine } from "../form/form.machine.ts";
import { type FormValues, valuesToBody } from "../form/form.ts";
import type { Attestation } from "./company-steps.ts";
import { dobOf, dobValue } from "./onboarding-forms.machine.ts";

export const companyPaths = {
  name: "company[name]",
  address: "company[address]",
  phone: "company[phone]",
  taxId: "company[tax_id]",
} as const;

/** The company's body; an address with nothing but its (fixed) country is not sent. */
export function companyBody(values: FormValues): Record<string, unknown> {
  const body = valuesToBody(values);
  const company = body.company as { address?: Record<string, unknown> };
  const address = company.address;
  if (address && Object.keys(address).every((key) => key === "country")) delete company.address;
  return body;
}

/**
 * The company's form: onboarding's step asks everything; with `keepOnFile` (an edit in
 * account-management) only the name, what is left empty being kept as on file.
 */
export const companyFormMachineOf = (country: string, options: { keepOnFile?: boolean } = {}) =>
  createFormMachine({
    id: "companyForm",
    schema: companyDetailsParamsSchema(country, options),
    ...(options.keepOnFile ? { toBody: companyBody } : {}),
  });

type AddressLike = Person["address"] | null;

/** An address's five fields under `path`, as on file (the country is the account's). */
export function addressValues(path: string, address: AddressLike, country: string): FormValues {
  return {
    [`${path}[line1]`]: address?.line1 ?? "",
    [`${path}[line2]`]: address?.line2 ?? "",
    [`${path}[city]`]: address?.city ?? "",
    [`${path}[state]`]: address?.state ?? "",
    [`${path}[postal_code]`]: address?.postal_code ?? "",
    [`${path}[country]`]: country,
  };
}

/** The company's fields, filled with what the account has on file (a tax id is never shown). */
export function companyValues(account: Pick<Account, "country" | "company">): FormValues {
  const company = account.company;
  return {
    [companyPaths.name]: company?.name ?? "",
    [companyPaths.phone]: company?.phone ?? "",
    [companyPaths.taxId]: "",
    ...addressValues(companyPaths.address, company?.address ?? null, account.country),
  };
}

/** The relationships a person can have with the company. */
export const personRoles = ["representative", "owner", "director", "executive"] as const;
export type PersonRole = (typeof personRoles)[number];

export const personPaths = {
  firstName: "first_name",
  lastName: "last_name",
  email: "email",
  phone: "phone",
  dob: "dob",
  address: "address",
  idNumber: "id_number",
  ssnLast4: "ssn_last_4",
  title: "relationship[title]",
  percentOwnership: "relationship[percent_ownership]",
  role: (role: PersonRole) => `relationship[${role}]`,
  documentFront: "verification[document][front]",
  documentBack: "verification[document][back]",
} as const;

/**
 * The person's body: the values nested by path, the date of birth split, and each role sent
 * as ticked or not (an unticked box is `false`, so a role taken away is taken away on file).
 */
export function personBody(values: FormValues): Record<string, unknown> {
  const body = valuesToBody(values);
  if (body.dob !== undefined) body.dob = dobOf(body.dob);
  const relationship = body.relationship as Record<string, unknown> | undefined;
  if (relationship)
    for (const role of personRoles) relationship[role] = values[personPaths.role(role)] === true;
  // No document chosen: nothing of the verification is sent.
  const verification = body.verification as { document?: Record<string, unknown> } | undefined;
  if (verification && Object.keys(verification.document ?? {}).length === 0)
    delete body.verification;
  return body;
}

/**
 * The form of a person of a company in `country`; `today` is the viewer's clock (seconds);
 * `needsDocument`: the person has no accepted identity document on file.
 */
export const personFormMachineOf = (country: string, today: () => number, needsDocument: boolean) =>
  createFormMachine({
    id: "personForm",
    schema: companyPersonParamsSchema(country, today, { needsDocument }),
    toBody: personBody,
  });

/**
 * A person's fields, filled with what is on file (`person`, or a new person with the
 * relationship `role`); the id number and the document are never shown back.
 */
export function personValues(
  person: Person | null,
  country: string,
  role: PersonRole | null = null,
): FormValues {
  const r = person?.relationship;
  const p = personPaths;
  return {
    [p.firstName]: person?.first_name ?? "",
    [p.lastName]: person?.last_name ?? "",
    [p.email]: person?.email ?? "",
    [p.phone]: person?.phone ?? "",
    [p.dob]: dobValue(person?.dob),
    ...addressValues(p.address, person?.address ?? null, country),
    ...(country === "US" ? { [p.ssnLast4]: "" } : { [p.idNumber]: "" }),
    [p.title]: r?.title ?? "",
    [p.percentOwnership]: r?.percent_ownership ?? null,
    ...Object.fromEntries(
      personRoles.map((each) => [p.role(each), (r?.[each] ?? false) || role === each || null]),
    ),
    [p.documentFront]: "",
    [p.documentBack]: "",
  };
}

/** The attestations' form: each one the account still owes (`due`), ticked by the person. */
export const attestationFormMachineOf = (due: readonly Attestation[]) =>
  createFormMachine({ id: "attestationForm", schema: attestationParamsSchema(due) });

/** The attestation's form path (`company[owners_provided]`). */
export const attestationPath = (attestation: Attestation) =>
  `company[${attestation.slice("company.".length)}]`;
