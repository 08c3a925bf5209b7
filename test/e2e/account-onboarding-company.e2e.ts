import { beforeAll, describe, expect, it } from "vitest";
import type { Account } from "../../protocol/objects/account.schema.ts";
import type { Person } from "../../protocol/objects/person.schema.ts";
import {
  CompanyOnboardingModel,
  type CompanyPerson,
  type CompanyOnboardingModel as Model,
} from "./models/account-onboarding-company.model.ts";
import type { PlatformPage } from "./models/platform.model.ts";
import { checkLightDarkPseudo } from "./support/a11y.ts";
import {
  bankChallengeCode,
  type ExamplePlatformStack,
  examplePlatformTests,
} from "./support/example-platform.ts";

// Issue 12: a company onboarded from nothing. A person on the example platform makes a new
// GB company test account from the sign-in page and goes through account-onboarding at
// 360px: the business, the company's details (invalid ones refused on their fields with
// nothing sent), its representative and two owners (one owner's document rejected by the
// sandbox, shown so, uploaded again and accepted), the attestations, bank, terms, review.
// Then the provider, asked with the platform's secret key, owes nothing, enables charges
// and payouts, and holds the three persons with their relationships.

const example = examplePlatformTests();
let env: ExamplePlatformStack;

beforeAll(() => {
  env = example.env;
});

const accountOf = (id: string) => example.apiGet<Account>(`/v1/accounts/${id}`, { account: id });
const personsOf = async (id: string) =>
  (
    await example.apiGet<{ data: Person[] }>(`/v1/accounts/${id}/persons?limit=100`, {
      account: id,
    })
  ).data;
const advanceADay = () =>
  example.apiPost("/v1/test_helpers/clock/advance", { seconds: 24 * 60 * 60 + 60 });

const accessible = (platform: PlatformPage, onboarding: Model) =>
  checkLightDarkPseudo(platform, [onboarding.frame], () =>
    onboarding.frame.getByRole("heading", { level: 2 }).first().innerText(),
  );

const london = { line1: "10 Downing Street", town: "London", postcode: "SW1A 2AA" };
const ada: CompanyPerson = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@engines.example",
  phone: "020 7946 0958",
  dob: "1985-03-14",
  ...london,
  roles: ["Representative", "Director"],
  title: "Managing director",
  documentName: "passport.png",
};
const grace: CompanyPerson = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@engines.example",
  phone: "020 7946 0959",
  dob: "1966-12-09",
  ...london,
  roles: ["Owner"],
  percent: "60",
  // The sandbox's failure token, as the photo's file name (server/README.md).
  documentName: "file_identity_document_failure.png",
};
const alan: CompanyPerson = {
  firstName: "Alan",
  lastName: "Turing",
  email: "alan@engines.example",
  phone: "020 7946 0960",
  dob: "1972-06-23",
  ...london,
  roles: ["Owner"],
  percent: "40",
  documentName: "driving-licence.png",
};

describe("account-onboarding for a company", () => {
  it("onboards a new GB company: its details checked by GB rules, a representative and two owners (one document rejected, then accepted), the attestations, bank, terms; the provider then owes nothing, enables charges and payouts and holds the persons", {
    timeout: 300_000,
  }, async () => {
    const platform = await example.opened();
    await platform.page.setViewportSize({ width: 360, height: 900 });
    await platform.createTestAccount("United Kingdom", "company");
    expect(await platform.signedInAs()).toBe("New test account (GB, company)");
    const id = await platform.signedInAccountId();
    expect(await accountOf(id)).toMatchObject({ country: "GB", business_type: "company" });
    await platform.openSection("Account");
    const onboarding = new CompanyOnboardingModel(await platform.frameOf("account-onboarding"));
    const posted = (path: string) =>
      env.requests.filter((r) => r.method === "POST" && r.path === path).length;

    expect(await onboarding.waitForStep("stepBusiness")).toBe("Step 1 of 6");
    await onboarding.fill(onboarding.word("businessUrl"), "https://lovelace-engines.example");
    await onboarding.fill(onboarding.word("businessMcc"), "5734");
    await onboarding.continue();

    // The company: a US ZIP, a short company number and a short phone number are refused on
    // their fields, and nothing reaches the provider.
    expect(await onboarding.waitForStep("stepCompany")).toBe("Step 2 of 6");
    await accessible(platform, onboarding);
    const before = posted("/v1/account");
    await onboarding.fillCompany({
      name: "Lovelace Engines Ltd",
      ...london,
      postcode: "94103",
      phone: "12",
      taxId: "123",
    });
    await onboarding.continue();
    await expect.poll(() => onboarding.fieldErrors()).toHaveLength(3);
    expect(posted("/v1/account")).toBe(before);
    expect((await accountOf(id)).company?.name ?? null).toBeNull();
    await onboarding.fillCompany({
      name: "Lovelace Engines Ltd",
      ...london,
      phone: "020 7946 0000",
      taxId: "01234567",
    });
    await onboarding.continue();

    // The persons: the representative (also a director), then two owners.
    expect(await onboarding.waitForStep("stepPersons")).toBe("Step 3 of 6");
    await accessible(platform, onboarding);
    expect(await onboarding.personRows()).toEqual([]);
    await onboarding.addPerson();
    await accessible(platform, onboarding);
    await onboarding.fillPerson(ada);
    await onboarding.savePerson();
    await onboarding.addPerson();
    await onboarding.fillPerson(grace);
    await onboarding.savePerson();
    await onboarding.addPerson();
    await onboarding.fillPerson(alan);
    await onboarding.savePerson();
    expect(await onboarding.personRows()).toHaveLength(3);

    // The next day the sandbox has checked the documents: Grace's was not accepted. The
    // person comes back to the dashboard: the flow now asks only what is still due, from the
    // persons step.
    await advanceADay();
    await platform.page.reload();
    const again = new CompanyOnboardingModel(await platform.frameOf("account-onboarding"));
    expect(await again.waitForStep("stepPersons")).toBe("Step 1 of 4");
    const rejected = again.word("reasonDocumentFailed");
    expect(await again.personRows()).toEqual([
      expect.stringContaining("Ada Lovelace"),
      expect.stringContaining(rejected),
      expect.stringContaining("Alan Turing"),
    ]);
    expect((await again.personRows())[1]).toContain("Grace Hopper");
    expect((await accountOf(id)).requirements.errors).toEqual([
      expect.objectContaining({ code: "verification_document_failed_other" }),
    ]);
    // Grace uploads another photo, which is accepted.
    await again.editPerson("Grace Hopper");
    expect(await again.formNotice()).toContain(rejected);
    await again.uploadFront("passport-grace.png");
    await again.savePerson();
    await expect.poll(async () => (await again.personRows()).join(" | ")).not.toContain(rejected);
    expect((await accountOf(id)).requirements.errors).toEqual([]);
    // Every owner and director is on file.
    await again.attest("attestOwners");
    await again.attest("attestDirectors");
    await again.continue();

    expect(await again.waitForStep("stepBank")).toBe("Step 2 of 4");
    await again.addBankAccount(
      { holder: "Lovelace Engines Ltd", iban: "GB82WEST12345698765432" },
      bankChallengeCode(example, id),
    );
    await again.continue();

    expect(await again.waitForStep("stepTerms")).toBe("Step 3 of 4");
    await again.acceptTerms();
    await again.continue();

    expect(await again.waitForStep("stepReview")).toBe("Step 4 of 4");
    const complete = again.word("statusComplete");
    expect(await again.seeReview()).toEqual(
      Object.fromEntries(
        ["stepPersons", "stepBank", "stepTerms"].map((t) => [again.word(t), complete]),
      ),
    );
    expect((await accountOf(id)).requirements.currently_due).toEqual([]);
    await again.continue();
    await again.finish();

    // A day later the sandbox's checks have settled.
    await advanceADay();
    const settled = await accountOf(id);
    expect(settled.requirements).toMatchObject({
      currently_due: [],
      past_due: [],
      pending_verification: [],
      errors: [],
    });
    expect(settled).toMatchObject({ charges_enabled: true, payouts_enabled: true });
    expect(settled.company).toMatchObject({
      name: "Lovelace Engines Ltd",
      owners_provided: true,
      directors_provided: true,
    });
    const persons = await personsOf(id);
    const byName = (first: string) => persons.find((p) => p.first_name === first)?.relationship;
    expect(persons).toHaveLength(3);
    expect(byName("Ada")).toMatchObject({
      representative: true,
      director: true,
      owner: false,
      title: "Managing director",
    });
    expect(byName("Grace")).toMatchObject({ owner: true, percent_ownership: 60 });
    expect(byName("Alan")).toMatchObject({ owner: true, percent_ownership: 40 });
    for (const person of persons) {
      expect(person.verification.document.provided).toBe(true);
      expect(person.verification.status).toBe("verified");
    }
  });
});
