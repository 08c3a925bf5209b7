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
  companyDetailsParamsSchema,
  supportDetailsParamsSchema,
} from "../../../protocol/objects/account-management.schema.ts";
import type { Person } from "../../../protocol/objects/person.schema.ts";
import { addressValues, companyPaths } from "../account-onboarding/company-forms.ts";
import { detailsPaths, detailsValues } from "../account-onboarding/onboarding-forms.machine.ts";
import { createFormMachine } from "../form/form.machine.ts";
import { type FormValues, valuesToBody } from "../form/form.ts";

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

/** The company's paths: account-onboarding's company step's (its name, address, phone, tax id). */
export { companyPaths };

export const businessFormMachine = createFormMachine({
  id: "businessDetailsForm",
  schema: businessDetailsParamsSchema,
});

export const supportFormMachine = createFormMachine({
  id: "supportDetailsForm",
  schema: supportDetailsParamsSchema,
});

/** The company's body; an address with nothing but its (fixed) country is not sent. */
export function companyBody(values: FormValues): Record<string, unknown> {
  const body = valuesToBody(values);
  const company = body.company as { address?: Record<string, unknown> };
  const address = company.address;
  if (address && Object.keys(address).every((key) => key === "country")) delete company.address;
  return body;
}

export const companyFormMachineOf = (country: string) =>
  createFormMachine({
    id: "companyForm",
    schema: companyDetailsParamsSchema(country),
    toBody: companyBody,
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

/** The company as on file; its tax id is never answered back, so it starts empty. */
export const companyValues = (account: Pick<Account, "country" | "company">): FormValues => ({
  [companyPaths.name]: account.company?.name ?? "",
  [companyPaths.phone]: account.company?.phone ?? "",
  [companyPaths.taxId]: "",
  ...addressValues(companyPaths.address, account.company?.address ?? null, account.country),
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
