import { describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import type { Account } from "../../protocol/objects/account.schema.ts";
import type { ExternalAccount } from "../../protocol/objects/external-account.schema.ts";
import type { Person } from "../../protocol/objects/person.schema.ts";
import { AccountManagementModel } from "./models/account-management.model.ts";
import type { PersonDetails } from "./models/account-onboarding.model.ts";
import { messageIn } from "./models/details.model.ts";
import type { PlatformPage } from "./models/platform.model.ts";
import { checkLightDarkPseudo } from "./support/a11y.ts";
import { examplePlatformTests } from "./support/example-platform.ts";

// account-management (issue 12 item 3) on the example platform's account page, and
// account-management-form (item 4, internal) on its tools page, in Debian's Chromium: a
// person reads the account by section, signs in through the popup before the first edit
// (the seeded account's session asks for it), changes the public support details, replaces
// the payout bank account, adds a person and edits them, changes an owner's roles, removes a
// director and is refused the representative's removal; each change is then read from the
// provider's API as the platform's backend would. The host's disabled and hidden sections
// and a bad value of its setter; the form's one section and its close event. The payout bank
// account replaced by connecting a sandbox bank, and no such choice once the host calls
// setDisableBankConnections(true).

const example = examplePlatformTests();
const { signedIn, apiGet } = example;
const email = "manager@example.com";
const password = "correct horse";

/** The account's primary user, who signs in through the popup. */
const owner = () => example.providerUser(email, password);

const mainAccount = () => apiGet<Account>(`/v1/accounts/${example.env.sandbox.mainAccountId}`);
const persons = async () =>
  (
    await apiGet<{ data: Person[] }>(
      `/v1/accounts/${example.env.sandbox.mainAccountId}/persons?limit=100`,
    )
  ).data;

const grace: PersonDetails = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@example.com",
  phone: "(415) 555-0199",
  dob: "1976-12-09",
  line1: "2 Market St",
  city: "San Francisco",
  state: "California",
  postalCode: "94105",
  ssnLast4: "4321",
};

async function managementOf(platform: PlatformPage) {
  const management = new AccountManagementModel(await platform.frameOf("account-management"));
  await management.seeSections();
  return management;
}

/** Calls one of the element's setters on the page, as the platform's script does. */
const callSetter = (platform: PlatformPage, setter: string, value: unknown) =>
  platform.page.evaluate(
    ({ setter, value }) => {
      const element = document.querySelector("oriel-account-management") as unknown as Record<
        string,
        (v: unknown) => void
      >;
      element[setter]!(value);
    },
    { setter, value },
  );

describe("account-management on the example platform", () => {
  it("after the popup sign-in, a person changes the support details, replaces the payout bank account, adds a person and edits them, and the provider reflects each", async () => {
    await owner();
    const platform = await signedIn(undefined, "account");
    const management = await managementOf(platform);
    const before = await mainAccount();
    expect(before.business_type).toBe("company");

    // Every section, in order, the business's values as the provider has them.
    expect(await management.seeSections()).toEqual([
      "business",
      "company",
      "person",
      "support",
      "external_account",
      "sign_in",
    ]);
    expect((await management.seeValues("business"))["Business name"]).toBe(
      before.business_profile.name ?? management.word("notProvided"),
    );

    // The public details: Edit asks for the provider user's sign-in first (the popup).
    const support = management.word("sectionSupport");
    await management.edit("support", support);
    expect(await management.seeSignInAsked("support")).toBe(true);
    await management.signInThroughPopup("support", email, password);
    // A malformed support website is refused on its field, and nothing is sent.
    const posted = () =>
      example.env.requests.filter((r) => r.method === "POST" && r.path === "/v1/account").length;
    const sent = posted();
    await management.fill(management.word("supportUrl"), "not a website");
    await management.save("support");
    await expect.poll(() => management.fieldErrors()).toHaveLength(1);
    expect(posted()).toBe(sent);
    await management.fill(management.word("supportEmail"), "help@juniper-rye.example");
    await management.fill(management.word("supportUrl"), "https://juniper-rye.example/help");
    await management.save("support");
    expect(await management.seeSaved("support")).toBe(management.word("saved"));
    expect(await management.seeValues("support")).toMatchObject({
      [management.word("supportEmail")]: "help@juniper-rye.example",
      [management.word("supportUrl")]: "https://juniper-rye.example/help",
    });
    expect((await mainAccount()).business_profile).toMatchObject({
      support_email: "help@juniper-rye.example",
      support_url: "https://juniper-rye.example/help",
    });
    // Signed in now: the sign-in section says so (and who, when the frame knows the user).
    expect([management.word("signedIn"), management.word("signedInAs", { email })]).toContain(
      await management.section("sign_in").locator("p").innerText(),
    );

    // The payout bank account, replaced through the external_account key flow.
    const account = example.env.sandbox.mainAccountId;
    const banks = () =>
      example.listAll<ExternalAccount>(
        `/v1/accounts/${account}/external_accounts`,
        "object=bank_account",
      );
    const old = (await banks()).find((b) => b.currency === "usd" && b.default_for_currency);
    expect(old).toBeDefined();
    await management.payout.startReplacingBankAccount();
    await management.payout.fillUsBankAccount({
      holder: "Juniper & Rye Bakery",
      routing: "110000000",
      account: "000555444333",
    });
    await management.payout.continueToVerification();
    await management.payout.accountStep("verifyTitle").waitFor();
    const { code } = await apiGet<{ code: string }>(
      `${endpoints.externalAccountChallengeCode}?account=${encodeURIComponent(account)}`,
    );
    await management.payout.confirmCode(code);
    expect(await management.payout.seeSavedAccount()).toBe(
      management.payout.accountWord("saved", { currency: "USD", last4: "4333" }),
    );
    const after = await banks();
    const defaults = after.filter((b) => b.currency === "usd" && b.default_for_currency);
    expect(defaults.map((b) => b.last4)).toEqual(["4333"]);

    // A person added, then their email changed.
    const peopleBefore = await persons();
    await management.addPerson();
    await management.fillPerson(grace);
    await management.save("person");
    expect(await management.seeSaved("person")).toBe(management.word("saved"));
    const added = (await persons()).filter((p) => !peopleBefore.some((q) => q.id === p.id));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      first_name: "Grace",
      last_name: "Hopper",
      email: "grace@example.com",
      dob: { day: 9, month: 12, year: 1976 },
      address: { line1: "2 Market St", city: "San Francisco", postal_code: "94105" },
    });
    await management.editPerson("Grace Hopper");
    await management.fill(messageIn("en-US", "accountOnboarding.email"), "grace.h@example.com");
    await management.fill(messageIn("en-US", "accountOnboarding.ssnLast4"), "4321");
    await management.save("person");
    await expect
      .poll(async () => (await persons()).find((p) => p.id === added[0]!.id)?.email)
      .toBe("grace.h@example.com");
    expect(await persons()).toHaveLength(peopleBefore.length + 1);
  });

  it("a person replaces the payout bank account by connecting a sandbox bank; with setDisableBankConnections(true) only the typed details are offered", async () => {
    await owner();
    const platform = await signedIn(undefined, "account");
    const management = await managementOf(platform);
    const account = example.env.sandbox.mainAccountId;
    const { payout } = management;
    await payout.startReplacingBankAccount();
    // Signed in, account management starts the flow afresh: it is opened again.
    await payout.signInThroughPopup(email, password, { reopen: true });
    expect(await payout.bankConnectionChoice().count()).toBe(1);
    await payout.connectBank(
      "Test Credit Union",
      payout.accountWord("checkingEnding", { last4: "3400" }),
    );
    await payout.continueToVerification();
    await payout.accountStep("verifyTitle").waitFor();
    const { code } = await apiGet<{ code: string }>(
      `${endpoints.externalAccountChallengeCode}?account=${encodeURIComponent(account)}`,
    );
    await payout.confirmCode(code);
    expect(await payout.seeSavedAccount()).toBe(
      payout.accountWord("saved", { currency: "USD", last4: "3400" }),
    );
    // The provider's new default: the connected account, verified at once, named by its bank.
    const banks = await example.listAll<ExternalAccount>(
      `/v1/accounts/${account}/external_accounts`,
      "object=bank_account",
    );
    const defaults = banks.filter((b) => b.currency === "usd" && b.default_for_currency);
    expect(defaults).toHaveLength(1);
    expect(defaults[0]).toMatchObject({
      last4: "3400",
      status: "verified",
      bank_name: "Test Credit Union",
    });

    // The host turns bank connections off: the same flow offers only the typed details.
    await callSetter(platform, "setDisableBankConnections", true);
    await payout.startReplacingBankAccount();
    const step = payout.accountStep("replace");
    await step.getByLabel(payout.accountWord("holder"), { exact: true }).waitFor();
    expect(await payout.bankConnectionChoice().count()).toBe(0);
    expect(
      await step.getByRole("tab", { name: payout.accountWord("connect"), exact: true }).count(),
    ).toBe(0);
  });

  it("after the popup sign-in, a person changes an owner's roles, ownership and title, removes a director, and is refused the representative's removal on the dialog; the provider reflects each", async () => {
    await owner();
    const account = example.env.sandbox.mainAccountId;
    const made = async (first: string, last: string, relationship: Record<string, unknown>) =>
      example.apiPost<Person>(`/v1/accounts/${account}/persons`, {
        first_name: first,
        last_name: last,
        email: `${first.toLowerCase()}@example.com`,
        phone: "+14155550123",
        dob: { day: 10, month: 12, year: 1985 },
        address: {
          line1: "1 Main St",
          city: "San Francisco",
          state: "CA",
          postal_code: "94105",
          country: "US",
        },
        relationship,
      });
    const ada = await made("Ada", "Lovelace", {
      owner: true,
      director: true,
      percent_ownership: 10,
    });
    const alan = await made("Alan", "Turing", { director: true });
    const representative = (await persons()).find((p) => p.relationship.representative);
    expect(representative).toBeDefined();
    const repName = `${representative!.first_name} ${representative!.last_name}`;

    const platform = await signedIn(undefined, "account");
    await platform.page.setViewportSize({ width: 360, height: 900 });
    const management = await managementOf(platform);

    // The owner's roles: no longer a director, now an executive, with a larger share and a title.
    await management.editPerson("Ada Lovelace");
    expect(await management.seeSignInAsked("person")).toBe(true);
    await management.signInThroughPopup("person", email, password);
    await management.fill(messageIn("en-US", "accountOnboarding.ssnLast4"), "1234");
    await management.setRole("roleDirector", false);
    await management.setRole("roleExecutive", true);
    await management.fill(messageIn("en-US", "accountOnboarding.percentOwnership"), "25");
    await management.fill(messageIn("en-US", "accountOnboarding.jobTitle"), "CFO");
    await management.save("person");
    expect(await management.seeSaved("person")).toBe(management.word("saved"));
    await expect
      .poll(async () => (await persons()).find((p) => p.id === ada.id)?.relationship)
      .toMatchObject({
        owner: true,
        director: false,
        executive: true,
        percent_ownership: 25,
        title: "CFO",
      });

    // A director removed, once confirmed: the provider no longer lists them.
    await management.removePerson("Alan Turing");
    await management.confirmRemoval("Alan Turing");
    await expect.poll(async () => (await persons()).some((p) => p.id === alan.id)).toBe(false);
    await management.removalDialog("Alan Turing").waitFor({ state: "detached" });
    expect(await management.seeButtons("person")).not.toContain(
      management.word("removePerson", { name: "Alan Turing" }),
    );

    // The representative: the provider refuses, and the dialog says why.
    const deletes = () =>
      example.env.requests.filter((r) => r.method === "DELETE" && r.path.includes("/persons/"))
        .length;
    const sent = deletes();
    const dialog = await management.removePerson(repName);
    await management.confirmRemoval(repName);
    expect(await management.seeRemovalRefusal(repName)).toBe(
      management.word("removeRepresentative"),
    );
    expect(deletes()).toBe(sent + 1);
    // The browser logs the refused call (a 400): expected here.
    await expect
      .poll(() => platform.takeProblems(/status of 400 .*\/persons\/person_/).length)
      .toBe(1);
    await checkLightDarkPseudo(platform, [management.frame], () =>
      management.frame.getByRole("dialog").getByRole("heading").first().innerText(),
    );
    await dialog.getByRole("button", { name: messageIn("en-US", "kit.cancel") }).press("Enter");
    await dialog.waitFor({ state: "detached" });
    expect((await persons()).some((p) => p.id === representative!.id)).toBe(true);
  });

  it("disabled sections are read-only, hidden ones absent, and a section that cannot be disabled is an inputerror naming the setter", async () => {
    const platform = await signedIn(undefined, "account");
    const management = await managementOf(platform);
    const support = management.word("sectionSupport");
    expect(await management.seeButtons("support")).toEqual([
      management.word("edit", { section: support }),
    ]);

    expect(await management.seeButtons("external_account")).toEqual([
      management.payout.accountWord("replace"),
    ]);

    await callSetter(platform, "setDisabledSections", [
      "support",
      "person",
      "company",
      "external_account",
    ]);
    await expect.poll(() => management.seeButtons("support")).toEqual([]);
    // The payout bank account is shown, and cannot be replaced.
    expect(await management.seeButtons("external_account")).toEqual([]);
    expect(await management.seeButtons("person")).toEqual([]);
    expect(await management.seeButtons("company")).toEqual([]);
    // The business's details cannot be disabled: still editable.
    expect(await management.seeButtons("business")).toEqual([
      management.word("edit", { section: management.word("sectionBusiness") }),
    ]);

    await callSetter(platform, "setHiddenSections", ["external_account", "sign_in"]);
    await expect
      .poll(() => management.seeSections())
      .toEqual(["business", "company", "person", "support"]);

    const refused = platform.page.evaluate(
      () =>
        new Promise((resolve) =>
          document
            .querySelector("oriel-account-management")!
            .addEventListener("inputerror", (e) => resolve((e as CustomEvent).detail), {
              once: true,
            }),
        ),
    );
    await callSetter(platform, "setDisabledSections", ["business"]);
    expect(await refused).toMatchObject({
      component: "account-management",
      name: "setDisabledSections",
    });
    platform.takeProblems(/setDisabledSections/);
    // Nothing changed: the last good value stands.
    expect(await management.seeButtons("support")).toEqual([]);
    expect(await management.seeButtons("business")).toHaveLength(1);
  });

  it("where the session sets disable_oriel_user_authentication, Edit opens the form with no sign-in, and the company's details and address saved reach the provider", async () => {
    const platform = await example.opened();
    await platform.createTestAccount("United States", "company");
    const id = await platform.signedInAccountId();
    expect((await apiGet<Account>(`/v1/accounts/${id}`)).business_type).toBe("company");
    await platform.openSection("Account");
    const management = await managementOf(platform);
    expect(await management.section("sign_in").locator("p").innerText()).toBe(
      management.word("signInNotNeeded"),
    );
    await management.edit("company", management.word("sectionCompany"));
    await management.section("company").locator("form").waitFor();
    expect(
      await management
        .section("company")
        .getByRole("button", {
          name: messageIn("en-US", "popup.signIn.submit"),
        })
        .count(),
    ).toBe(0);
    await management.fill(messageIn("en-US", "accountOnboarding.companyName"), "Hopper Labs Inc.");
    await management.fill(messageIn("en-US", "accountOnboarding.companyTaxId"), "12-3456789");
    await management.details.fillAddress({
      line1: "500 Howard St",
      city: "San Francisco",
      state: "California",
      postalCode: "94105",
    });
    await management.save("company");
    expect(await management.seeSaved("company")).toBe(management.word("saved"));
    const company = (await apiGet<Account>(`/v1/accounts/${id}`, { account: id })).company;
    expect(company).toMatchObject({
      name: "Hopper Labs Inc.",
      tax_id_provided: true,
      address: { line1: "500 Howard St", city: "San Francisco", state: "CA", postal_code: "94105" },
    });
    // The section reads the saved company once the view has the provider's answer.
    await expect
      .poll(
        async () =>
          (await management.seeValues("company"))[
            messageIn("en-US", "accountOnboarding.companyAddress")
          ],
      )
      .toBe("500 Howard St, San Francisco, CA, 94105");
    expect(
      (await management.seeValues("company"))[messageIn("en-US", "accountOnboarding.companyName")],
    ).toBe("Hopper Labs Inc.");
  });

  it("axe finds nothing serious or critical in light, dark and the pseudo-locale, and nothing overflows at 360px, with a section's form open", async () => {
    await owner();
    const platform = await signedIn(undefined, "account");
    await platform.page.setViewportSize({ width: 360, height: 900 });
    const management = await managementOf(platform);
    await management.edit("business", management.word("sectionBusiness"));
    await management.section("business").getByRole("button").first().waitFor();
    await checkLightDarkPseudo(platform, [management.frame], () =>
      management.section("support").locator("h3").innerText(),
    );
  });
});

describe("account-management-form on the example platform's tools page", () => {
  it("shows the section the host chose as a form, and cancelling it fires accountmanagementformclose", async () => {
    await owner();
    const platform = await signedIn(undefined, "tools");
    const form = new AccountManagementModel(await platform.frameOf("account-management-form"));
    // The support section only (the host's setSectionView), behind the provider user's sign-in.
    expect(await form.seeSignInAsked("support")).toBe(true);
    expect(
      await form.frame
        .locator("[data-section]")
        .evaluateAll((n) => n.map((e) => e.getAttribute("data-section"))),
    ).toEqual(["support"]);
    await form.signInThroughPopup("support", email, password);
    expect(await form.frame.getByLabel(form.word("supportEmail"), { exact: true }).count()).toBe(1);
    await checkLightDarkPseudo(platform, [form.frame], () =>
      form.section("support").locator("h3").innerText(),
    );
    const said = platform.page.locator('output[name="account-management-form"]');
    expect(await said.textContent()).toBe("");
    await form.cancel("support");
    await expect.poll(() => said.textContent()).toBe("Closed");
    await expect.poll(() => form.frame.locator("[data-section]").count()).toBe(0);
  });

  it("the external account's bank_account subview opens the bank-account flow at once; another subview is an inputerror naming setSectionView", async () => {
    const platform = await signedIn(undefined, "tools");
    const form = new AccountManagementModel(await platform.frameOf("account-management-form"));
    await form.section("support").waitFor();
    const setView = (value: unknown) =>
      platform.page.evaluate((value) => {
        const element = document.querySelector("oriel-account-management-form") as unknown as {
          setSectionView(v: unknown): void;
        };
        element.setSectionView(value);
      }, value);
    await setView({ section: "external_account", subview: "bank_account" });
    // The flow's first step (the provider user's sign-in), not the button that starts it.
    const step = form.payout.accountStep("replace");
    await step.waitFor();
    expect(
      await step
        .getByRole("button", { name: messageIn("en-US", "popup.signIn.submit"), exact: true })
        .count(),
    ).toBe(1);
    expect(
      await form.frame
        .getByRole("button", { name: form.payout.accountWord("replace"), exact: true })
        .count(),
    ).toBe(0);

    const refused = platform.page.evaluate(
      () =>
        new Promise((resolve) =>
          document
            .querySelector("oriel-account-management-form")!
            .addEventListener("inputerror", (e) => resolve((e as CustomEvent).detail), {
              once: true,
            }),
        ),
    );
    await setView({ section: "external_account", subview: "add" });
    expect(await refused).toMatchObject({
      component: "account-management-form",
      name: "setSectionView",
    });
    platform.takeProblems(/setSectionView/);
    // Nothing changed: the flow the last good value opened is still there.
    expect(await step.count()).toBe(1);
  });
});
