import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import type { Account } from "../../protocol/objects/account.schema.ts";
import type { ExternalAccount } from "../../protocol/objects/external-account.schema.ts";
import { postalCodeRules } from "../../protocol/objects/postal-codes.ts";
import { taxIdExamples } from "../../protocol/objects/tax-ids.ts";
import { AccountOnboardingModel, type PersonDetails } from "./models/account-onboarding.model.ts";
import { messageIn } from "./models/details.model.ts";
import {
  bankChallengeCode,
  type ExamplePlatformStack,
  examplePlatformTests,
} from "./support/example-platform.ts";

// Issue 12: invalid input in every form shows a field error in the user's locale and sends
// nothing to the provider. The platform's dashboard is switched to French for a new French
// individual account: a future date of birth, a postal code of another country, a wrong id
// number and a bad IBAN are each refused on their field with the catalogue's French message,
// with no request reaching the provider; then the right values go through. Bank account
// formats: a new Japanese account's bank step takes its account as a bank code, a branch code
// and an account number (a short one zero-padded), refuses a two-digit branch code on its
// field with nothing sent, and the provider then lists the account with its seven-digit
// routing number.

const example = examplePlatformTests();
let env: ExamplePlatformStack;
const locale = "fr-FR";

beforeAll(() => {
  env = example.env;
});

const marie: PersonDetails = {
  firstName: "Marie",
  lastName: "Curie",
  email: "marie@example.com",
  phone: "06 12 34 56 78",
  dob: "1967-11-07",
  line1: "11 rue Pierre et Marie Curie",
  city: "Paris",
  state: "",
  postalCode: postalCodeRules.FR!.example,
  ssnLast4: "",
  idNumber: taxIdExamples.fr_nir,
};

const accountOf = (id: string) => example.apiGet<Account>(`/v1/accounts/${id}`, { account: id });

/** The requests from the onboarding flow that would change the account at the provider. */
const changes = () =>
  env.requests.filter(
    (r) =>
      r.method === "POST" &&
      (r.path === "/v1/account" ||
        r.path === endpoints.externalAccountChallenge ||
        endpoints.externalAccountsPattern.test(r.path)),
  ).length;

describe("account-onboarding in French", () => {
  it("refuses a future date of birth, a British postcode, a wrong id number and a bad IBAN on their fields in French, sending nothing, then takes the right ones", async () => {
    const platform = await example.opened();
    await platform.createTestAccount("France", "individual");
    const id = await platform.signedInAccountId();
    expect((await accountOf(id)).country).toBe("FR");
    await platform.openSection("Account");
    await platform.chooseLocale(locale);
    const onboarding = new AccountOnboardingModel(
      await platform.frameOf("account-onboarding"),
      locale,
    );
    const fr = (key: string) => messageIn(locale, key);

    await onboarding.waitForStep("stepBusiness");
    await onboarding.fill(onboarding.word("businessUrl"), "https://curie-labo.example");
    await onboarding.fill(onboarding.word("businessMcc"), "8734");
    await onboarding.continue();

    // The person's details: each wrong value refused on its field, in French.
    await onboarding.waitForStep("stepDetails");
    const before = changes();
    await onboarding.fillDetails({
      ...marie,
      dob: `${new Date().getUTCFullYear() + 1}-01-01`,
      postalCode: "SW1A 1AA",
      idNumber: "12345",
    });
    await onboarding.continue();
    await expect.poll(() => onboarding.fieldErrors()).toHaveLength(3);
    const [tooLateStart, tooLateEnd] = fr("kit.date.tooLate").split("{max}");
    const errors = await onboarding.fieldErrors();
    expect(errors).toEqual(
      expect.arrayContaining([
        fr("kit.address.postalCodeInvalid").replace("{example}", postalCodeRules.FR!.example),
        fr("kit.taxId.invalid"),
      ]),
    );
    expect(
      errors.filter((e) => e.startsWith(tooLateStart!) && e.endsWith(tooLateEnd!)),
    ).toHaveLength(1);
    expect(changes()).toBe(before);
    expect((await accountOf(id)).individual).toBeUndefined();
    await onboarding.fillDetails(marie);
    await onboarding.continue();

    await onboarding.waitForStep("stepDocument");
    expect(changes()).toBe(before + 1);
    const onFile = await accountOf(id);
    expect(onFile.individual).toMatchObject({
      first_name: "Marie",
      dob: { day: 7, month: 11, year: 1967 },
      address: { postal_code: postalCodeRules.FR!.example, country: "FR" },
      id_number_provided: true,
    });
    await onboarding.uploadDocument();
    await onboarding.continue();

    // The payout account: an IBAN with a wrong check is refused on its field, in French.
    await onboarding.waitForStep("stepBank");
    const beforeBank = changes();
    await onboarding.enterBankAccount({
      holder: "Marie Curie",
      country: "FR",
      iban: "FR76 3000 6000 0112 3456 7890 188",
    });
    await expect.poll(() => onboarding.fieldErrors()).toEqual([fr("kit.bank.ibanInvalid")]);
    expect(changes()).toBe(beforeBank);
    expect((await accountOf(id)).external_accounts.data).toEqual([]);
    await onboarding.addBankAccount(
      { holder: "Marie Curie", iban: "FR14 2004 1010 0505 0001 3M02 606" },
      bankChallengeCode(example, id),
    );
    await onboarding.continue();
    await onboarding.waitForStep("stepTerms");
    expect((await accountOf(id)).external_accounts.data).toHaveLength(1);
  });
});

describe("account-onboarding's bank step for a Japanese account", () => {
  it("refuses a two-digit branch code on its field, sending nothing, then adds a bank + branch code + account number the provider lists", async () => {
    const platform = await example.opened();
    await platform.createTestAccount("Japan", "individual");
    const id = await platform.signedInAccountId();
    expect((await accountOf(id)).country).toBe("JP");
    await platform.openSection("Account");
    const onboarding = new AccountOnboardingModel(await platform.frameOf("account-onboarding"));

    await onboarding.waitForStep("stepBusiness");
    await onboarding.fill(onboarding.word("businessUrl"), "https://hanako.example");
    await onboarding.fill(onboarding.word("businessMcc"), "5462");
    await onboarding.continue();

    await onboarding.waitForStep("stepDetails");
    await onboarding.fillDetails({
      firstName: "Hanako",
      lastName: "Yamada",
      email: "hanako@example.com",
      phone: "090-1234-5678",
      dob: "1985-04-01",
      line1: "1-1 Chiyoda",
      city: "Chiyoda-ku",
      state: "Tokyo",
      postalCode: postalCodeRules.JP!.example,
      ssnLast4: "",
      idNumber: taxIdExamples.jp_my_number,
    });
    await onboarding.continue();

    await onboarding.waitForStep("stepDocument");
    await onboarding.uploadDocument();
    await onboarding.continue();

    await onboarding.waitForStep("stepBank");
    const before = changes();
    await onboarding.enterBankAccount({
      holder: "Hanako Yamada",
      parts: { "bank.bankCode": "1100", "bank.branchCode": "00" },
      account: "1234",
    });
    await expect
      .poll(() => onboarding.fieldErrors())
      .toEqual([messageIn("en-US", "kit.bank.numberInvalid").replace("{example}", "123")]);
    expect(changes()).toBe(before);
    expect((await accountOf(id)).external_accounts.data).toEqual([]);

    await onboarding.addBankAccount(
      {
        holder: "Hanako Yamada",
        parts: { "bank.bankCode": "1100", "bank.branchCode": "000" },
        account: "1234",
      },
      bankChallengeCode(example, id),
    );
    const banks = await example.listAll<ExternalAccount>(
      `/v1/accounts/${id}/external_accounts`,
      "object=bank_account",
      { account: id },
    );
    expect(banks).toEqual([
      expect.objectContaining({
        country: "JP",
        currency: "jpy",
        routing_number: "1100000",
        last4: "1234",
        default_for_currency: true,
      }),
    ]);
    await onboarding.continue();
    await onboarding.waitForStep("stepTerms");
    expect((await accountOf(id)).requirements.currently_due).not.toContain("external_account");
  });
});
