import { beforeAll, describe, expect, it } from "vitest";
import type { Account } from "../../protocol/objects/account.schema.ts";
import { AccountOnboardingModel, type PersonDetails } from "./models/account-onboarding.model.ts";
import {
  bankChallengeCode,
  type ExamplePlatformStack,
  examplePlatformTests,
} from "./support/example-platform.ts";

// Issue 12: a platform that collects the terms of service itself. A new US individual custom
// account is made with "The platform collects them": the dashboard's Account page shows the
// platform's own terms form above account-onboarding (placed with
// `skip-terms-of-service-collection`), whose flow has no terms step. The person accepts the
// platform's terms there; the platform's backend records the acceptance with the secret key
// (the date, the person's address as it saw the request, their browser), and once the rest
// of the flow is done the provider owes nothing.

const example = examplePlatformTests();
let env: ExamplePlatformStack;

beforeAll(() => {
  env = example.env;
});

const grace: PersonDetails = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  phone: "(212) 555-0142",
  dob: "1976-12-09",
  line1: "20 W 34th St",
  city: "New York",
  state: "New York",
  postalCode: "10001",
  ssnLast4: "4321",
};

/** The secret-key view of an account (as the platform's backend reads it). */
const accountOf = (id: string) => example.apiGet<Account>(`/v1/accounts/${id}`, { account: id });

describe("a platform that collects the terms of service itself", () => {
  it("records the person's acceptance of its own terms from its backend (date, address, browser) while account-onboarding has no terms step, and the provider then owes nothing", async () => {
    const platform = await example.opened();
    await platform.createTestAccount(
      "United States",
      "individual",
      "The platform signs me in",
      "The platform collects them",
    );
    const id = await platform.signedInAccountId();
    expect((await accountOf(id)).requirements.currently_due).toEqual(
      expect.arrayContaining(["tos_acceptance.date", "tos_acceptance.ip"]),
    );
    await platform.openSection("Account");
    const onboarding = new AccountOnboardingModel(await platform.frameOf("account-onboarding"));
    expect(
      await platform
        .elements("account-onboarding")
        .first()
        .getAttribute("skip-terms-of-service-collection"),
    ).toBe("true");

    // The platform's own terms, linked to its own page, accepted on its page: its backend
    // sends the acceptance to the provider once, with the secret key.
    const terms = platform.platformTerms();
    expect(await terms.getByRole("link", { name: "terms of service" }).getAttribute("href")).toBe(
      "/legal/terms",
    );
    const updates = () =>
      env.requests.filter((r) => r.method === "POST" && r.path === `/v1/accounts/${id}`).length;
    const before = updates();
    expect(await platform.acceptPlatformTerms()).toMatch(/^Accepted on /);
    expect(updates()).toBe(before + 1);
    const userAgent = await platform.page.evaluate(() => navigator.userAgent);
    const accepted = await accountOf(id);
    expect(accepted.tos_acceptance).toMatchObject({
      date: expect.any(Number),
      ip: "127.0.0.1",
      user_agent: userAgent,
      service_agreement: "full",
    });
    expect(
      accepted.requirements.currently_due.filter((r) => r.startsWith("tos_acceptance.")),
    ).toEqual([]);

    // The flow asks everything else, in five steps: no terms step.
    expect(await onboarding.waitForStep("stepBusiness")).toBe("Step 1 of 5");
    await onboarding.fill(onboarding.word("businessUrl"), "https://grace-compiles.example");
    await onboarding.fill(onboarding.word("businessMcc"), "5734");
    await onboarding.continue();
    expect(await onboarding.waitForStep("stepDetails")).toBe("Step 2 of 5");
    await onboarding.fillDetails(grace);
    await onboarding.continue();
    expect(await onboarding.waitForStep("stepDocument")).toBe("Step 3 of 5");
    await onboarding.uploadDocument();
    await onboarding.continue();
    expect(await onboarding.waitForStep("stepBank")).toBe("Step 4 of 5");
    await onboarding.addBankAccount(
      { holder: "Grace Hopper", routing: "110000000", account: "000987654321" },
      bankChallengeCode(example, id),
    );
    await onboarding.continue();
    expect(await onboarding.waitForStep("stepReview")).toBe("Step 5 of 5");
    const complete = onboarding.word("statusComplete");
    expect(await onboarding.seeReview()).toEqual(
      Object.fromEntries(
        ["stepBusiness", "stepDetails", "stepDocument", "stepBank"].map((t) => [
          onboarding.word(t),
          complete,
        ]),
      ),
    );
    const done = await accountOf(id);
    expect(done.requirements.currently_due).toEqual([]);
    // The acceptance is the platform's, as it recorded it.
    expect(done.tos_acceptance.date).toBe(accepted.tos_acceptance.date);

    // Back on the Account page, the platform says when the terms were accepted.
    await platform.page.reload();
    await expect
      .poll(() => platform.platformTerms().locator('output[name="platform-terms"]').textContent())
      .toMatch(/^Accepted on /);
  });
});
