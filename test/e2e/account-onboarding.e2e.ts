import { beforeAll, describe, expect, it } from "vitest";
import type { Account } from "../../protocol/objects/account.schema.ts";
import {
  AccountOnboardingModel,
  type OnboardingStep,
  type PersonDetails,
} from "./models/account-onboarding.model.ts";
import { messageIn } from "./models/details.model.ts";
import type { PlatformPage } from "./models/platform.model.ts";
import { checkLightDarkPseudo } from "./support/a11y.ts";
import {
  bankChallengeCode,
  type ExamplePlatformStack,
  examplePlatformTests,
} from "./support/example-platform.ts";

// Issue 12: onboarding starts from nothing. A person on the example platform makes a new
// test account from the sign-in page (country, business type) and lands on the dashboard
// signed in as it; the provider, asked with the platform's secret key, holds a fresh
// account of that country and type, with everything still due, and the seeded accounts are
// as they were.

const example = examplePlatformTests();
let env: ExamplePlatformStack;

beforeAll(() => {
  env = example.env;
});

/** Every connected account of the platform, as its backend reads them (secret key). */
async function platformAccounts(): Promise<Account[]> {
  const response = await fetch(`${env.api}/v1/accounts?limit=100`, {
    headers: { Authorization: `Bearer ${env.sandbox.secretKey}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Account[] }).data;
}

describe("a new test account", () => {
  it("is created from the sign-in page with its country and business type, its own, with everything due", async () => {
    // Other browser tests make accounts at the same time: this one is known by the id the
    // platform's header carries for whoever is signed in.
    const before = await platformAccounts();
    const platform = await example.opened();
    await platform.createTestAccount("United States", "individual");
    expect(await platform.signedInAs()).toBe("New test account (US, individual)");
    const id = await platform.signedInAccountId();
    expect(before.map((a) => a.id)).not.toContain(id);
    const account = await accountOf(id);
    expect(account).toMatchObject({
      country: "US",
      type: "custom",
      business_type: "individual",
      charges_enabled: false,
      payouts_enabled: false,
    });
    expect(account.requirements.currently_due).toEqual(
      expect.arrayContaining(["individual.first_name", "external_account", "tos_acceptance.date"]),
    );
    // Not offered to anyone else, and the seeded accounts are untouched.
    const someoneElse = await example.opened();
    expect((await someoneElse.pickerAccounts()).map((a) => a.label)).not.toContain(
      "New test account (US, individual)",
    );
    const after = await platformAccounts();
    const facts = (a: Account | undefined) =>
      a && { id: a.id, country: a.country, business_type: a.business_type, email: a.email };
    const seededIds = new Set(env.sandbox.accounts.map((a) => a.id));
    const seeded = before.filter((a) => seededIds.has(a.id));
    expect(seeded.length).toBe(seededIds.size);
    for (const one of seeded) expect(facts(after.find((a) => a.id === one.id))).toEqual(facts(one));

    // Someone else's new account is another one.
    await someoneElse.createTestAccount("United Kingdom", "company");
    expect(await someoneElse.signedInAs()).toBe("New test account (GB, company)");
    const third = await someoneElse.signedInAccountId();
    expect(third).not.toBe(id);
    expect(await accountOf(third)).toMatchObject({ country: "GB", business_type: "company" });
  });
});

// Then the new account is onboarded from nothing in account-onboarding, on the dashboard's
// account page, as a person does it at 360px: each step passes axe in light, dark and the
// pseudo-locale without overflowing; invalid details are refused on their fields in the
// user's language with nothing sent; after the terms nothing is currently due, and once the
// sandbox clock has passed its checks the account takes charges and payouts.

const ada: PersonDetails = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "(415) 555-0123",
  dob: "1985-03-14",
  line1: "1 Market St",
  city: "San Francisco",
  state: "California",
  postalCode: "94103",
  ssnLast4: "1234",
};

/** The secret-key view of the signed-in new account (the platform's backend reads it so). */
async function accountOf(id: string): Promise<Account> {
  return example.apiGet<Account>(`/v1/accounts/${id}`, { account: id });
}

/** The step shown passes axe in light, dark and the pseudo-locale, and does not overflow. */
const accessible = (platform: PlatformPage, onboarding: AccountOnboardingModel) =>
  checkLightDarkPseudo(platform, [onboarding.frame], () =>
    onboarding.frame.getByRole("heading", { level: 2 }).first().innerText(),
  );

describe("account-onboarding", () => {
  it("onboards a new US individual from nothing: each step sent, invalid details refused with nothing sent, and a day later the provider owes nothing and enables charges and payouts", async () => {
    const platform = await example.opened();
    await platform.page.setViewportSize({ width: 360, height: 900 });
    await platform.createTestAccount("United States", "individual");
    const id = await platform.signedInAccountId();
    expect((await accountOf(id)).business_type).toBe("individual");
    await platform.openSection("Account");
    const onboarding = new AccountOnboardingModel(await platform.frameOf("account-onboarding"));
    const said = platform.page.locator('output[name="onboarding"]');
    const step = async (name: OnboardingStep, position: string) => {
      expect(await onboarding.waitForStep(name)).toBe(position);
      await accessible(platform, onboarding);
    };

    // The business: its website and category (the banner's requirement fields).
    await step("stepBusiness", "Step 1 of 6");
    await expect.poll(() => said.textContent()).toBe("Step: business");
    await onboarding.fill(onboarding.word("businessUrl"), "https://ada-bakes.example");
    await onboarding.fill(onboarding.word("businessMcc"), "5462");
    await onboarding.continue();

    // The person's details: a future date of birth, a British postcode and a short SSN are
    // refused on their fields, in English, and nothing reaches the provider.
    await step("stepDetails", "Step 2 of 6");
    const posted = () =>
      example.env.requests.filter((r) => r.method === "POST" && r.path === "/v1/account").length;
    const before = posted();
    await onboarding.fillDetails({
      ...ada,
      dob: `${new Date().getUTCFullYear() + 1}-01-01`,
      postalCode: "SW1A 1AA",
      ssnLast4: "12",
    });
    await onboarding.continue();
    await expect.poll(() => onboarding.fieldErrors()).toHaveLength(3);
    expect(await onboarding.fieldErrors()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Enter a date on or before /),
        "Enter a valid postal code, such as 94103.",
        "Enter a valid tax ID.",
      ]),
    );
    expect(posted()).toBe(before);
    expect((await accountOf(id)).individual).toBeUndefined();
    await onboarding.fillDetails(ada);
    await onboarding.continue();

    // The identity document, front and back, through the files host.
    await step("stepDocument", "Step 3 of 6");
    await onboarding.uploadDocument();
    await onboarding.continue();

    // The payout bank account, with the code the provider sent (read as the platform can).
    await step("stepBank", "Step 4 of 6");
    await onboarding.addBankAccount(
      { holder: "Ada Lovelace", routing: "110000000", account: "000123456789" },
      bankChallengeCode(example, id),
    );
    await onboarding.continue();

    // The terms, linking the platform's own pages.
    await step("stepTerms", "Step 5 of 6");
    expect(await onboarding.termsLinks()).toEqual([
      {
        text: "terms of service (opens in a new tab)",
        href: `${example.env.platform}/legal/terms`,
      },
      {
        text: "privacy policy (opens in a new tab)",
        href: `${example.env.platform}/legal/privacy`,
      },
    ]);
    await onboarding.continue();
    expect(await onboarding.fieldErrors()).toEqual(["This field is required."]);
    expect((await accountOf(id)).tos_acceptance.date).toBeNull();
    await onboarding.acceptTerms();
    await onboarding.continue();

    // The review: every step done; the provider owes nothing more of the person.
    await step("stepReview", "Step 6 of 6");
    const titles = ["stepBusiness", "stepDetails", "stepDocument", "stepBank", "stepTerms"];
    const complete = onboarding.word("statusComplete");
    expect(await onboarding.seeReview()).toEqual(
      Object.fromEntries(titles.map((t) => [onboarding.word(t), complete])),
    );
    const accepted = await accountOf(id);
    expect(accepted.tos_acceptance).toMatchObject({ service_agreement: "full" });
    expect(accepted.tos_acceptance.date).toEqual(expect.any(Number));
    expect(accepted.tos_acceptance.ip).toEqual(expect.any(String));
    expect(accepted.requirements.currently_due).toEqual([]);
    await onboarding.continue();
    await onboarding.finish();
    await expect
      .poll(() => said.textContent())
      .toBe(
        "Step: business; Step: details; Step: document; Step: bank; Step: terms; Step: review; Exited",
      );
    const onFile = await accountOf(id);
    expect(onFile.individual?.verification.document.provided).toBe(true);
    expect(onFile.external_accounts.data).toHaveLength(1);

    // The sandbox's checks settle a day later: nothing is due, and the account can take
    // charges and be paid out.
    await example.apiPost("/v1/test_helpers/clock/advance", { seconds: 24 * 60 * 60 + 60 });
    const settled = await accountOf(id);
    expect(settled.requirements).toMatchObject({
      currently_due: [],
      past_due: [],
      pending_verification: [],
      errors: [],
    });
    expect(settled.individual?.verification.status).toBe("verified");
    expect(settled).toMatchObject({ charges_enabled: true, payouts_enabled: true });
  });
});

describe("account-onboarding's collectionOptions", () => {
  it("choose what the flow asks: what is eventually due adds the whole SSN to the details, and requirements.only leaves only the steps of those named", async () => {
    const platform = await example.opened();
    await platform.createTestAccount("United States", "individual");
    const id = await platform.signedInAccountId();
    await platform.openSection("Account");
    const element = platform.elements("account-onboarding").first();
    /** What the platform's own code passes, as its developer would. */
    const collect = (options: unknown) =>
      element.evaluate(
        (el, o) =>
          (el as HTMLElement & { setCollectionOptions(o: unknown): void }).setCollectionOptions(o),
        options,
      );
    const onboarding = new AccountOnboardingModel(await platform.frameOf("account-onboarding"));
    const labels = () => onboarding.frame.locator("label").allInnerTexts();

    // What is currently due (the dashboard's choice): the SSN's last four digits.
    expect(await onboarding.waitForStep("stepBusiness")).toBe("Step 1 of 6");
    await onboarding.fill(onboarding.word("businessUrl"), "https://ada-bakes.example");
    await onboarding.fill(onboarding.word("businessMcc"), "5462");
    await onboarding.continue();
    await onboarding.waitForStep("stepDetails");
    expect(await labels()).toEqual(expect.arrayContaining([onboarding.word("ssnLast4")]));
    expect(await labels()).not.toContain(onboarding.word("ssn"));

    // Eventually due, future requirements included: the provider's id number too, so the
    // whole SSN; a number the SSA never issues is refused on its field, with nothing sent.
    // The business owes a customer support phone number eventually: the flow opens there.
    await collect({ fields: "eventually_due", future_requirements: "include" });
    const supportPhone = messageIn("en-US", "notificationBanner.fieldSupportPhone");
    await expect.poll(labels).toEqual([supportPhone]);
    expect(await onboarding.stepShown()).toBe(onboarding.word("stepBusiness"));
    await onboarding.fill(supportPhone, "+1 415 555 0199");
    await onboarding.continue();
    await onboarding.waitForStep("stepDetails");
    expect(await labels()).toEqual(expect.arrayContaining([onboarding.word("ssn")]));
    expect(await labels()).not.toContain(onboarding.word("ssnLast4"));
    const posted = () =>
      example.env.requests.filter((r) => r.method === "POST" && r.path === "/v1/account").length;
    const before = posted();
    await onboarding.fillDetails({ ...ada, ssnLast4: "" });
    await onboarding.fill(onboarding.word("ssn"), "666-12-3456");
    await onboarding.continue();
    await expect.poll(() => onboarding.fieldErrors()).toEqual(["Enter a valid tax ID."]);
    expect(posted()).toBe(before);
    await onboarding.fill(onboarding.word("ssn"), "123-45-6789");
    await onboarding.continue();
    await onboarding.waitForStep("stepDocument");
    const withId = await accountOf(id);
    expect(withId.individual?.id_number_provided).toBe(true);
    expect(withId.requirements.eventually_due).not.toContain("individual.id_number");
    expect(withId.requirements.currently_due).not.toContain("individual.ssn_last_4");

    // Only the payout bank account: its step, then the review.
    await collect({ fields: "currently_due", requirements: { only: ["external_account"] } });
    expect(await onboarding.waitForStep("stepBank")).toBe("Step 1 of 2");
  });
});
