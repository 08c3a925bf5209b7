/**
 * account-management's section forms, on the kit's form machine, each checked with its
 * protocol schema before anything is sent (`protocol/objects/account-management.schema.ts`):
 * the business's details, the public support details and the company (its address as
 * account-onboarding's company step has it) go to
 * `POST /v1/account`; a person — the individual's own details, or one of a business's
 * persons — is account-onboarding's details form (`detailsFormMachineOf`), sent as
 * `individual[…]` for the individual or unwrapped for `/v1/accounts/:id/persons[/:person]`.
 */
import type { Account } from "../../../protocol/objects/account.schema.ts";
import {
  businessDetailsParamsSchema,
  supportDetailsParamsSchema,
} from "../../../protocol/objects/account-management.schema.ts";
import { individualDetailsParamsSchema } from "../../../protocol/objects/onboarding.schema.ts";
import type { Person } from "../../../protocol/objects/person.schema.ts";
import {
  companyFormMachineOf,
  companyPaths,
  companyValues,
} from "../account-onboarding/company-forms.ts";
import {
  detailsBody,
  detailsPaths,
  detailsValues,
} from "../account-onboarding/onboarding-forms.machine.ts";
import { createFormMachine } from "../form/form.machine.ts";
import type { FormValues } from "../form/form.ts";

export const businessPaths = {
  name: "business_profile[name]",
  url: "business_profile[url]",
  mcc: "business_profile[mcc]",
  productDescription: "business_profile[product_description]",
} as const;

export const supportPaths = {
  email: "business_profile[support_email]",
  phone: "business_profile[support_phone]",
  url: "business_profile[support_url]",
} as const;

/**
 * The company's paths and form: account-onboarding's company step's (its name, address,
 * phone, tax id), keeping what is on file (`companyFormMachineOf(country, { keepOnFile })`).
 */
export { companyFormMachineOf, companyPaths, companyValues };

export const businessFormMachine = createFormMachine({
  id: "businessDetailsForm",
  schema: businessDetailsParamsSchema,
});

export const supportFormMachine = createFormMachine({
  id: "supportDetailsForm",
  schema: supportDetailsParamsSchema,
});

/** The business's details as on file. */
export const businessValues = (account: Pick<Account, "business_profile">): FormValues => ({
  [businessPaths.name]: account.business_profile.name ?? "",
  [businessPaths.url]: account.business_profile.url ?? "",
  [businessPaths.mcc]: account.business_profile.mcc ?? "",
  [businessPaths.productDescription]: account.business_profile.product_description ?? "",
});

/** The support details as on file. */
export const supportValues = (account: Pick<Account, "business_profile">): FormValues => ({
  [supportPaths.email]: account.business_profile.support_email ?? "",
  [supportPaths.phone]: account.business_profile.support_phone ?? "",
  [supportPaths.url]: account.business_profile.support_url ?? "",
});

/** The individual's own details: account-onboarding's paths (`individual[first_name]`). */
export const individualPaths = detailsPaths;

const unprefixed = (path: string) => path.replace(/^individual\[([^\]]+)\]/, "$1");
const prefixed = (path: string) => path.replace(/^([^[]+)/, "individual[$1]");

/** A business's person's paths: the individual's, as the person's own (`first_name`). */
export const personPaths = Object.fromEntries(
  Object.entries(detailsPaths).map(([key, path]) => [key, unprefixed(path)]),
) as { [K in keyof typeof detailsPaths]: string };

/**
 * A person's details form's values, as on file (a new person: nothing): under `individual[…]`
 * for the individual, else as the person's own fields.
 */
export function personValues(
  country: string,
  person: Person | null,
  individual: boolean,
): FormValues {
  const values = detailsValues({ country, individual: person ?? undefined } as Pick<
    Account,
    "country" | "individual"
  >);
  return individual
    ? values
    : Object.fromEntries(Object.entries(values).map(([path, value]) => [unprefixed(path), value]));
}

/**
 * A business's person's form: the individual's details schema of the account's country, on
 * the person's own fields (`/v1/accounts/:id/persons` takes them at the top level), the date
 * of birth split as the API takes it.
 */
export const personFormMachineOf = (country: string, today: () => number) =>
  createFormMachine({
    id: "personForm",
    schema: individualDetailsParamsSchema(country, today).shape.individual,
    toBody: (values: FormValues) =>
      detailsBody(
        Object.fromEntries(Object.entries(values).map(([path, value]) => [prefixed(path), value])),
      ).individual,
  });
