import { beforeAll, describe, expect, it } from "vitest";
import type { Account } from "../../protocol/objects/account.schema.ts";
import { type ExamplePlatformStack, examplePlatformTests } from "./support/example-platform.ts";

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
    const before = await platformAccounts();
    const platform = await example.opened();
    await platform.createTestAccount("United States", "individual");
    expect(await platform.signedInAs()).toBe("New test account (US, individual)");
    const after = await platformAccounts();
    const made = after.filter((a) => !before.some((b) => b.id === a.id));
    expect(made).toHaveLength(1);
    const account = made[0]!;
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
    const facts = (a: Account | undefined) =>
      a && { id: a.id, country: a.country, business_type: a.business_type, email: a.email };
    for (const seeded of before)
      expect(facts(after.find((a) => a.id === seeded.id))).toEqual(facts(seeded));

    // Someone else's new account is another one.
    await someoneElse.createTestAccount("United Kingdom", "company");
    expect(await someoneElse.signedInAs()).toBe("New test account (GB, company)");
    const third = (await platformAccounts()).filter((a) => !after.some((b) => b.id === a.id));
    expect(third).toHaveLength(1);
    expect(third[0]).toMatchObject({ country: "GB", business_type: "company" });
  });
});
