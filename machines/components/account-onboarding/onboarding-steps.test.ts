import { describe, expect, it } from "vitest";
import {
  attestationParamsSchema,
  companyDetailsParamsSchema,
  companyPersonParamsSchema,
  individualDetailsParamsSchema,
} from "../../../protocol/objects/onboarding.schema.ts";
import { requirementsOf } from "../../../protocol/objects/requirements.fixture.ts";
import { requirementsFormSchema } from "../notification-banner/requirement-forms.ts";
import { deriveSteps } from "../steps/steps.ts";
import { asksFullIdNumber } from "./onboarding-forms.machine.ts";
import {
  collectedRequirements,
  type OnboardingData,
  onboardingStepSpecs,
} from "./onboarding-steps.ts";

const requirements = requirementsOf;

/** A new US individual, as the provider answers for it. */
const NOW = [
  "external_account",
  "individual.address.city",
  "individual.dob.day",
  "individual.first_name",
  "individual.ssn_last_4",
  "tos_acceptance.date",
  "tos_acceptance.ip",
];
const account = {
  requirements: requirements({
    currently_due: NOW,
    eventually_due: [...NOW, "individual.id_number"],
  }),
  future_requirements: requirements({
    currently_due: ["individual.verification.additional_document"],
    eventually_due: ["individual.verification.additional_document"],
  }),
};

describe("the requirements account-onboarding collects", () => {
  it("currently_due by default; eventually_due and future requirements ask for more", () => {
    expect(collectedRequirements(account)).toEqual(NOW);
    const more = collectedRequirements(account, {
      fields: "eventually_due",
      future_requirements: "include",
    });
    expect(more).toEqual(
      [...NOW, "individual.id_number", "individual.verification.additional_document"].sort(),
    );
    expect(more.length).toBeGreaterThan(NOW.length);
  });

  it("requirements.only asks only those; exclude leaves those out", () => {
    const only = ["external_account", "tos_acceptance.date", "company.tax_id"];
    expect(
      collectedRequirements(account, { fields: "currently_due", requirements: { only } }),
    ).toEqual(["external_account", "tos_acceptance.date"]);
    expect(
      collectedRequirements(account, {
        fields: "currently_due",
        requirements: { exclude: ["external_account"] },
      }),
    ).not.toContain("external_account");
  });

  it("past-due and errored requirements are always collected", () => {
    const failed = {
      ...account,
      requirements: requirements({
        past_due: ["individual.verification.document"],
        errors: [
          { requirement: "external_account", code: "verification_failed_bank_account", reason: "" },
        ],
      }),
    };
    expect(collectedRequirements(failed)).toEqual([
      "external_account",
      "individual.verification.document",
    ]);
  });
});

describe("the steps of account-onboarding", () => {
  const data = (over: Partial<OnboardingData> = {}): OnboardingData => ({
    collected: NOW,
    asked: NOW,
    collectsBank: true,
    skipTerms: false,
    submitted: false,
    documentDone: false,
    ...over,
  });

  it("a new US individual: details, identity document, bank, terms and review", () => {
    expect(deriveSteps(onboardingStepSpecs, data())).toEqual([
      { id: "details", complete: false },
      { id: "document", complete: false },
      { id: "bank", complete: false },
      { id: "terms", complete: false },
      { id: "review", complete: false },
    ]);
  });

  it("no bank step without external_account_collection, no terms when the platform collects them", () => {
    const ids = deriveSteps(
      onboardingStepSpecs,
      data({ collectsBank: false, skipTerms: true }),
    ).map((s) => s.id);
    expect(ids).toEqual(["details", "document", "review"]);
  });

  it("the business's own fields on a step of their own, before the person's", () => {
    const withProfile = data({
      collected: [...NOW, "business_profile.mcc", "business_profile.url"],
      asked: [...NOW, "business_profile.mcc", "business_profile.url"],
    });
    expect(deriveSteps(onboardingStepSpecs, withProfile).map((s) => s.id)).toEqual([
      "business",
      "details",
      "document",
      "bank",
      "terms",
      "review",
    ]);
  });

  it("the document step is done only with a document on file and none asked; a step stays, done, once satisfied", () => {
    const later = data({
      collected: ["individual.verification.document", "tos_acceptance.date"],
      asked: [...NOW, "individual.verification.document"],
      documentDone: true,
    });
    expect(deriveSteps(onboardingStepSpecs, later)).toEqual([
      { id: "details", complete: true },
      { id: "document", complete: false },
      { id: "bank", complete: true },
      { id: "terms", complete: false },
      { id: "review", complete: false },
    ]);
  });

  it("no step at all for an account that owes nothing the flow collects (a risk review is the banner's)", () => {
    expect(deriveSteps(onboardingStepSpecs, data({ collected: [], asked: [] }))).toEqual([]);
    const review = data({ collected: ["interv_123"], asked: ["interv_123"] });
    expect(deriveSteps(onboardingStepSpecs, review)).toEqual([]);
  });

  it("business type first when the account has none", () => {
    const ids = deriveSteps(
      onboardingStepSpecs,
      data({ collected: ["business_type"], asked: ["business_type"] }),
    ).map((s) => s.id);
    expect(ids).toEqual(["business_type", "review"]);
  });
});

describe("the steps of a company's onboarding", () => {
  /** A new GB company, as the provider answers for it (no person on file yet). */
  const GB_COMPANY = [
    "business_profile.mcc",
    "business_profile.url",
    "company.address.city",
    "company.address.line1",
    "company.address.postal_code",
    "company.directors_provided",
    "company.name",
    "company.owners_provided",
    "company.phone",
    "company.tax_id",
    "external_account",
    "representative.dob.day",
    "representative.email",
    "representative.first_name",
    "tos_acceptance.date",
  ];
  const data = (over: Partial<OnboardingData> = {}): OnboardingData => ({
    collected: GB_COMPANY,
    asked: GB_COMPANY,
    collectsBank: true,
    skipTerms: false,
    submitted: false,
    documentDone: false,
    ...over,
  });

  it("a new GB company: business, the company's details, its persons, bank, terms and review; no individual's details or document", () => {
    expect(deriveSteps(onboardingStepSpecs, data())).toEqual([
      { id: "business", complete: false },
      { id: "company", complete: false },
      { id: "persons", complete: false },
      { id: "bank", complete: false },
      { id: "terms", complete: false },
      { id: "review", complete: false },
    ]);
  });

  it("the persons step owes a person's own fields, a rejected document and the attestations; it is done when none is collected", () => {
    const stillOwed = (collected: string[]) =>
      deriveSteps(onboardingStepSpecs, data({ collected })).find((s) => s.id === "persons")
        ?.complete;
    // The representative on file is named by its person id.
    expect(stillOwed(["person_1AbC.dob.day"])).toBe(false);
    expect(stillOwed(["person_9Z.verification.document"])).toBe(false);
    expect(stillOwed(["company.owners_provided"])).toBe(false);
    expect(stillOwed(["company.executives_provided"])).toBe(false);
    expect(stillOwed(["company.name", "external_account"])).toBe(true);
    // The company's fields are the company step's, not the business step's.
    const companyOnly = deriveSteps(
      onboardingStepSpecs,
      data({ collected: ["company.tax_id"], asked: ["company.tax_id"] }),
    );
    expect(companyOnly).toEqual([
      { id: "company", complete: false },
      { id: "review", complete: false },
    ]);
  });

  it("a person's rejected document asked later brings the persons step back into the flow, not done", () => {
    const later = data({
      collected: ["person_owner1.verification.document"],
      asked: ["business_profile.mcc", "person_owner1.verification.document"],
    });
    expect(deriveSteps(onboardingStepSpecs, later)).toEqual([
      { id: "business", complete: true },
      { id: "persons", complete: false },
      { id: "review", complete: false },
    ]);
  });
});

describe("the details step's id number", () => {
  const details = (fullIdNumber: boolean) =>
    individualDetailsParamsSchema("US", () => Date.UTC(2026, 0, 1) / 1000, { fullIdNumber });
  const person = {
    first_name: "Ada",
    last_name: "Lovelace",
    email: "ada@example.com",
    phone: "+14155550123",
    dob: { day: 14, month: 3, year: 1985 },
    address: {
      line1: "1 Market St",
      city: "San Francisco",
      state: "CA",
      postal_code: "94103",
      country: "US",
    },
  };

  it("is the whole SSN in the US when the flow collects individual.id_number (eventually due), else its last four", () => {
    expect(asksFullIdNumber("US", collectedRequirements(account))).toBe(false);
    const eventually = collectedRequirements(account, { fields: "eventually_due" });
    expect(asksFullIdNumber("US", eventually)).toBe(true);
    expect(asksFullIdNumber("GB", eventually)).toBe(false);
    expect(
      details(false).safeParse({ individual: { ...person, ssn_last_4: "1234" } }).success,
    ).toBe(true);
    expect(
      details(true).safeParse({ individual: { ...person, id_number: "123456789" } }).success,
    ).toBe(true);
    // Asked for the whole number, the last four alone do not do.
    expect(details(true).safeParse({ individual: { ...person, ssn_last_4: "1234" } }).success).toBe(
      false,
    );
    expect(details(true).safeParse({ individual: { ...person, id_number: "12345" } }).success).toBe(
      false,
    );
  });

  it("outside the US is the country's own id number, checked as the provider checks it", () => {
    const addressIn = {
      CA: "K1A 0B1",
      JP: "100-0001",
      DE: "10115",
      FR: "75008",
      NL: "1012 AB",
    } as const;
    const inCountry = (country: keyof typeof addressIn, id_number?: string) =>
      individualDetailsParamsSchema(country, () => Date.UTC(2026, 0, 1) / 1000).safeParse({
        individual: {
          ...person,
          address: { ...person.address, country, state: "ON", postal_code: addressIn[country] },
          ...(id_number === undefined ? {} : { id_number }),
        },
      }).success;
    expect(inCountry("CA", "130692544")).toBe(true);
    expect(inCountry("CA", "130692545")).toBe(false);
    expect(inCountry("JP", "123456789018")).toBe(true);
    expect(inCountry("JP", "123456789017")).toBe(false);
    // DE's Steuer-IdNr and FR's NIR by their check digits.
    expect(inCountry("DE", "86095742719")).toBe(true);
    expect(inCountry("DE", "86095742718")).toBe(false);
    expect(inCountry("FR", "269054958815780")).toBe(true);
    expect(inCountry("FR", "269054958815781")).toBe(false);
    // Optional; a country without a rule keeps the loose check.
    expect(inCountry("CA")).toBe(true);
    expect(inCountry("NL", "AB1234567")).toBe(true);
    expect(inCountry("NL", "12")).toBe(false);
  });
});

describe("the business step's tax id", () => {
  const taxId = { path: "company[tax_id]", kind: "tax_id" } as const;
  const valid = (country: string, tax_id: string) =>
    requirementsFormSchema([taxId], country).safeParse({ company: { tax_id } }).success;

  it("is checked by the rule of the account's country", () => {
    expect(valid("AU", "51824753556")).toBe(true);
    expect(valid("AU", "51824753557")).toBe(false);
    expect(valid("JP", "7000012050002")).toBe(true);
    expect(valid("US", "7000012050002")).toBe(false);
    expect(valid("GB", "SC123456")).toBe(true);
    expect(valid("GB", "XX123456")).toBe(false);
    // Where the country is not known, the provider's loose check.
    expect(valid("", "AB-1234")).toBe(true);
    expect(valid("", "AB")).toBe(false);
  });
});

describe("a company's forms, by the account's country", () => {
  const company = (country: string, over: Record<string, unknown> = {}) => ({
    company: {
      name: "Lovelace Engines Ltd",
      phone: "+442079460000",
      tax_id: "01234567",
      address: { line1: "10 Downing Street", city: "London", postal_code: "SW1A 2AA", country },
      ...over,
    },
  });
  const fieldsRefused = (country: string, body: unknown) => {
    const parsed = companyDetailsParamsSchema(country).safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join("."));
  };

  it("a GB company needs a GB postcode, a Companies House number and a phone number", () => {
    expect(fieldsRefused("GB", company("GB"))).toEqual([]);
    expect(
      fieldsRefused(
        "GB",
        company("GB", {
          tax_id: "123",
          phone: "12",
          address: { line1: "1 Main St", city: "London", postal_code: "94103", country: "GB" },
        }),
      ).sort(),
    ).toEqual(["company.address.postal_code", "company.phone", "company.tax_id"]);
  });

  it("a DE company's postal code is five digits; an address of another country is refused", () => {
    const de = (postal_code: string) =>
      company("DE", {
        tax_id: "DE136695976",
        address: { line1: "Unter den Linden 1", city: "Berlin", postal_code, country: "DE" },
      });
    expect(fieldsRefused("DE", de("10117"))).toEqual([]);
    expect(fieldsRefused("DE", de("SW1A 2AA"))).toEqual(["company.address.postal_code"]);
    expect(fieldsRefused("DE", company("GB"))).toContain("company.address.country");
  });

  const person = {
    first_name: "Grace",
    last_name: "Hopper",
    email: "grace@example.com",
    phone: "+442079460959",
    dob: { day: 9, month: 12, year: 1966 },
    address: { line1: "10 Downing Street", city: "London", postal_code: "SW1A 2AA", country: "GB" },
    relationship: { owner: true, percent_ownership: 60 },
  };
  const today = () => Date.UTC(2026, 0, 1) / 1000;

  it("a person of a GB company: a NINO when given, a share of 0 to 100, a document when none is on file", () => {
    const ok = (body: unknown, needsDocument = false) =>
      companyPersonParamsSchema("GB", today, { needsDocument }).safeParse(body).success;
    expect(ok(person)).toBe(true);
    expect(ok({ ...person, id_number: "AB123456C" })).toBe(true);
    expect(ok({ ...person, id_number: "123" })).toBe(false);
    expect(ok({ ...person, relationship: { owner: true, percent_ownership: 101 } })).toBe(false);
    expect(ok({ ...person, dob: { day: 1, month: 1, year: 2027 } })).toBe(false);
    // At least 13 on the day: born 1 January 2013 is 13 on 1 January 2026; a day later, not.
    expect(ok({ ...person, dob: { day: 1, month: 1, year: 2013 } })).toBe(true);
    expect(ok({ ...person, dob: { day: 2, month: 1, year: 2013 } })).toBe(false);
    expect(ok(person, true)).toBe(false);
    expect(ok({ ...person, verification: { document: { front: "file_123" } } }, true)).toBe(true);
  });

  it("a person of a US company gives the SSN's last four digits", () => {
    const us = {
      ...person,
      phone: "+14155550123",
      address: {
        line1: "1 Market St",
        city: "SF",
        state: "CA",
        postal_code: "94103",
        country: "US",
      },
    };
    const schema = companyPersonParamsSchema("US", today);
    expect(schema.safeParse({ ...us, ssn_last_4: "1234" }).success).toBe(true);
    expect(schema.safeParse(us).success).toBe(false);
  });

  it("the attestations due must be ticked; those not due may be left", () => {
    const schema = attestationParamsSchema([
      "company.owners_provided",
      "company.directors_provided",
    ]);
    expect(
      schema.safeParse({ company: { owners_provided: true, directors_provided: true } }).success,
    ).toBe(true);
    expect(schema.safeParse({ company: { owners_provided: true } }).success).toBe(false);
  });
});
