/**
 * The forms of account-onboarding's steps, on the kit's form machine, each checked with its
 * protocol schema (`protocol/objects/onboarding.schema.ts`) before anything is sent to
 * `POST /v1/account`: the business type, the business's own fields (the notification
 * banner's requirement fields, several at once), the individual's details (country-aware:
 * the date of birth not after today, the postal code of the account's country, the SSN's
 * last four in the US, the id number by the country's rule), the identity document (front and back, files on the files host) and
 * the terms' acceptance.
 */
import type { Account } from "../../../protocol/objects/account.schema.ts";
import {
  businessTypeParamsSchema,
  identityDocumentParamsSchema,
  individualDetailsParamsSchema,
  termsAcceptanceParamsSchema,
} from "../../../protocol/objects/onboarding.schema.ts";
import { createFormMachine } from "../form/form.machine.ts";
import { type FormValues, valuesToBody } from "../form/form.ts";
import {
  type RequirementField,
  requirementsFormSchema,
} from "../notification-banner/requirement-forms.ts";

export const businessTypeFormMachine = createFormMachine({
  id: "businessTypeForm",
  schema: businessTypeParamsSchema,
});

/** The business step's form: the requirement fields it collects, together. */
export const businessFormMachineOf = (fields: readonly RequirementField[], country = "") =>
  createFormMachine({ id: "businessForm", schema: requirementsFormSchema(fields, country) });

/** The form paths of the individual's details. */
export const detailsPaths = {
  firstName: "individual[first_name]",
  lastName: "individual[last_name]",
  email: "individual[email]",
  phone: "individual[phone]",
  /** One date field ("YYYY-MM-DD"), sent as day, month and year. */
  dob: "individual[dob]",
  address: "individual[address]",
  ssnLast4: "individual[ssn_last_4]",
  idNumber: "individual[id_number]",
} as const;

/** A "YYYY-MM-DD" day as the API's day, month and year (anything else stays as typed). */
export function dobOf(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** The details' body: the values nested by path, the date of birth split. */
export function detailsBody(values: FormValues): Record<string, unknown> {
  const body = valuesToBody(values);
  const individual = body.individual as Record<string, unknown>;
  if (individual.dob !== undefined) individual.dob = dobOf(individual.dob);
  return body;
}

/**
 * The details form of an account in `country`; `today` is the viewer's clock (seconds);
 * `fullIdNumber`: the flow collects the id number (in the US, the whole SSN instead of its
 * last four digits).
 */
export const detailsFormMachineOf = (country: string, today: () => number, fullIdNumber = false) =>
  createFormMachine({
    id: "detailsForm",
    schema: individualDetailsParamsSchema(country, today, { fullIdNumber }),
    toBody: detailsBody,
  });

/** Whether the details step asks for the whole id number: the flow collects it (the US). */
export const asksFullIdNumber = (country: string, collected: readonly string[]) =>
  country === "US" && collected.includes("individual.id_number");

const pad = (n: number | null | undefined, width: number) =>
  n == null ? "" : String(n).padStart(width, "0");

/** A date of birth on file as the date field takes it ("YYYY-MM-DD"), or "". */
export const dobValue = (
  dob: { day: number | null; month: number | null; year: number | null } | null | undefined,
) => (dob?.year != null ? `${pad(dob.year, 4)}-${pad(dob.month, 2)}-${pad(dob.day, 2)}` : "");

/** The details' fields, filled with what the account has on file. */
export function detailsValues(
  account: Pick<Account, "country" | "individual">,
  fullIdNumber = false,
): FormValues {
  const person = account.individual;
  const address = person?.address;
  const dob = person?.dob;
  const p = detailsPaths;
  return {
    [p.firstName]: person?.first_name ?? "",
    [p.lastName]: person?.last_name ?? "",
    [p.email]: person?.email ?? "",
    [p.phone]: person?.phone ?? "",
    [p.dob]: dobValue(dob),
    [`${p.address}[line1]`]: address?.line1 ?? "",
    [`${p.address}[line2]`]: address?.line2 ?? "",
    [`${p.address}[city]`]: address?.city ?? "",
    [`${p.address}[state]`]: address?.state ?? "",
    [`${p.address}[postal_code]`]: address?.postal_code ?? "",
    [`${p.address}[country]`]: account.country,
    ...(account.country === "US" && !fullIdNumber ? { [p.ssnLast4]: "" } : { [p.idNumber]: "" }),
  };
}

export const documentPaths = {
  front: "individual[verification][document][front]",
  back: "individual[verification][document][back]",
} as const;

export const documentFormMachine = createFormMachine({
  id: "documentForm",
  schema: identityDocumentParamsSchema,
});

export const termsPaths = {
  date: "tos_acceptance[date]",
  agreement: "tos_acceptance[service_agreement]",
} as const;

export const termsFormMachine = createFormMachine({
  id: "termsForm",
  schema: termsAcceptanceParamsSchema,
});
