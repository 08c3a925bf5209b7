/**
 * account-management's section forms, on the kit's form machine, each checked with its
 * protocol schema before anything is sent (`protocol/objects/account-management.schema.ts`):
 * the business's details, the public support details and the company (its address as
 * account-onboarding's company step has it) go to
 * `POST /v1/account`; the individual's own details are account-onboarding's details form
 * (`detailsFormMachineOf`), sent as `individual[…]`; a business's person is
 * account-onboarding's person form, sent to `/v1/accounts/:id/persons[/:person]`.
 */
import type { Account } from "../../../protocol/objects/account.schema.ts";
import {
  businessDetailsParamsSchema,
  supportDetailsParamsSchema,
} from "../../../protocol/objects/account-management.schema.ts";
import type { Person } from "../../../protocol/objects/person.schema.ts";
import {
  companyFormMachineOf,
  companyPaths,
  companyValues,
} from "../account-onboarding/company-forms.ts";
import { detailsPaths, detailsValues } from "../account-onboarding/onboarding-forms.machine.ts";
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

/** The individual's own details form's values, as on file. */
export const individualValues = (country: string, individual: Person | null): FormValues =>
  detailsValues({ country, individual: individual ?? undefined } as Pick<
    Account,
    "country" | "individual"
  >);

/**
 * A business's person's form is account-onboarding's persons step's, field rules and all
 * (`company-forms.ts`: their details, roles, job title, ownership percent), without the
 * identity document (never asked for here): `personFormMachineOf(country, today, false)`.
 */
export {
  personFormMachineOf,
  personPaths,
  personValues,
} from "../account-onboarding/company-forms.ts";
