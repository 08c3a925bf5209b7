import type { Frame, Locator } from "playwright-core";
import { messageIn } from "./payment-details.model.ts";

/** A 1×1 PNG: an identity document's photo as the files host accepts it. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

export type OnboardingStep =
  | "claimStep"
  | "stepBusinessType"
  | "stepBusiness"
  | "stepCompany"
  | "stepPersons"
  | "stepDetails"
  | "stepDocument"
  | "stepBank"
  | "stepTerms"
  | "stepReview";

export interface PersonDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** As the date input takes it: YYYY-MM-DD. */
  dob: string;
  line1: string;
  city: string;
  /** The state's name as the address's list shows it; empty where the address has none. */
  state: string;
  postalCode: string;
  ssnLast4: string;
  /** Outside the US: the person's id number of the country's kind (FR NIR, DE TIN, …). */
  idNumber?: string;
}

/**
 * A payout bank account: a US routing and account number, an IBAN (with the bank's
 * country, by code, where the currency's list offers several and the first is not it), or
 * a local account's parts by the kit's labels (`kit.bank.bsb`, `kit.bank.bankCode`, …: JP
 * bank and branch codes, an AU BSB, CA transit and institution numbers) and its number.
 */
export type BankDetails = { holder: string } & (
  | { routing: string; account: string }
  | { iban: string; country?: string }
  | { parts: Record<string, string>; account: string }
);

/**
 * account-onboarding as a person goes through it, in any locale (the words come from the
 * locale's catalogue): the step shown, its fields, Continue / Back, the identity document's
 * two photos, the payout bank account (the same flow as in balances), the terms' box and the
 * review. Buttons are pressed from the keyboard.
 */
export class AccountOnboardingModel {
  constructor(
    readonly frame: Frame,
    readonly locale = "en-US",
  ) {}

  /** An account-onboarding message in the model's locale. */
  word(id: string): string {
    return messageIn(this.locale, `accountOnboarding.${id}`);
  }

  protected kit(id: string): string {
    return messageIn(this.locale, `kit.${id}`);
  }

  /** The step's heading (its title), once one shows. */
  private heading(): Locator {
    return this.frame.locator("#kit-steps-title");
  }

  /** Waits until the step titled by `step` shows, and says where it stands ("Step 2 of 6"). */
  async waitForStep(step: OnboardingStep): Promise<string> {
    await this.frame
      .getByRole("heading", { level: 2, name: this.word(step), exact: true })
      .waitFor({ timeout: 20_000 });
    await this.frame.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, {
      polling: 100,
    });
    return (await this.frame.locator(".kit-steps__progress").first().textContent()) ?? "";
  }

  /** The title of the step shown now. */
  async stepShown(): Promise<string> {
    return (await this.heading().textContent()) ?? "";
  }

  async fill(label: string, value: string): Promise<void> {
    const field = this.frame.getByLabel(label, { exact: true });
    await field.fill(value);
    await field.blur();
  }

  /** An address, field by field (the kit's country-aware address field: a state only where it asks one, a ZIP or postal code). */
  async fillAddress(place: Pick<PersonDetails, "line1" | "city" | "state" | "postalCode">) {
    await this.fill(this.kit("address.line1"), place.line1);
    // The city and state under the country's own names (a suburb, a prefecture, …).
    const named = async (keys: string[]) => {
      for (const key of keys)
        if ((await this.frame.getByLabel(this.kit(key), { exact: true }).count()) > 0)
          return this.kit(key);
      return this.kit(keys[0]!);
    };
    await this.fill(await named(["address.city", "address.suburb", "address.town"]), place.city);
    // The state from its list, from the keyboard: typed afresh, then the first match chosen.
    if (place.state !== "") {
      const state = this.frame.getByRole("combobox", {
        name: await named(["address.state", "address.province", "address.prefecture"]),
      });
      await state.focus();
      await state.fill("");
      await state.pressSequentially(place.state);
      await this.frame.getByRole("listbox").getByRole("option").first().waitFor();
      await state.press("Enter");
      await state.blur();
    }
    // A US address has a ZIP code; the others a postal code.
    const zip = this.frame.getByLabel(this.kit("address.zip"), { exact: true });
    await this.fill(
      this.kit((await zip.count()) > 0 ? "address.zip" : "address.postalCode"),
      place.postalCode,
    );
  }

  /** The individual's details, field by field, as a person types them. */
  async fillDetails(person: PersonDetails): Promise<void> {
    await this.fill(this.word("firstName"), person.firstName);
    await this.fill(this.word("lastName"), person.lastName);
    await this.fill(this.word("email"), person.email);
    await this.fill(this.word("phone"), person.phone);
    await this.fill(this.word("dob"), person.dob);
    await this.fillAddress(person);
    // Empty where the flow asks for the whole SSN instead, or outside the US.
    if (person.ssnLast4 !== "") await this.fill(this.word("ssnLast4"), person.ssnLast4);
    if (person.idNumber !== undefined) await this.fill(this.word("idNumber"), person.idNumber);
  }

  /** Presses Continue (or the last step's Submit). */
  async continue(): Promise<void> {
    const name = (await this.stepShown()) === this.word("stepReview") ? "submit" : null;
    await this.frame
      .getByRole("button", {
        name: name ? this.word(name) : this.kit("steps.continue"),
        exact: true,
      })
      .press("Enter");
  }

  async back(): Promise<void> {
    await this.frame
      .getByRole("button", { name: this.kit("steps.back"), exact: true })
      .press("Enter");
  }

  /**
   * The claim step's first stage: the email and password the person will sign in with, then
   * Send code (the form's submit, from the keyboard).
   */
  async claimWith(email: string, password: string): Promise<void> {
    await this.fill(this.word("email"), email);
    await this.fill(this.word("claimPassword"), password);
    await this.frame
      .getByRole("button", { name: this.word("claimSendCode"), exact: true })
      .press("Enter");
  }

  /** The claim step's code stage shows (its intro names the email the code went to). */
  async waitForClaimCode(): Promise<string> {
    const field = this.frame.getByLabel(this.account("code"), { exact: true });
    await field.waitFor();
    return (await this.frame.locator(".kit-steps p.kit-body-md").first().textContent()) ?? "";
  }

  /** Types the code the email received and presses Verify. */
  async verifyClaimCode(code: string): Promise<void> {
    await this.frame.getByLabel(this.account("code"), { exact: true }).fill(code);
    await this.frame
      .getByRole("button", { name: this.word("claimVerify"), exact: true })
      .press("Enter");
  }

  /** In the code stage, asks for a new code ("Send a new code"). */
  async requestNewClaimCode(): Promise<void> {
    await this.frame
      .getByRole("button", { name: this.account("resend"), exact: true })
      .press("Enter");
  }

  /** What the field labelled `label` holds now. */
  async fieldValue(label: string): Promise<string> {
    return this.frame.getByLabel(label, { exact: true }).inputValue();
  }

  /** The field errors shown now, as text. */
  async fieldErrors(): Promise<string[]> {
    return this.frame.locator(".kit-field__error").allInnerTexts();
  }

  /** Chooses a photo for the document's front and back; waits until both are uploaded. */
  async uploadDocument(): Promise<void> {
    const inputs = this.frame.locator('input[type="file"]');
    for (const [index, name] of [
      [0, "id-front.png"],
      [1, "id-back.png"],
    ] as const) {
      await inputs.nth(index).setInputFiles({ name, mimeType: "image/png", buffer: PNG });
      await this.frame
        .getByText(messageIn(this.locale, "kit.file.uploaded").replace("{name}", name))
        .first()
        .waitFor();
    }
  }

  /** A payout-account message (the bank step is the money-out views' flow). */
  private account(id: string): string {
    return messageIn(this.locale, `payoutAccount.${id}`);
  }

  /**
   * Adds the payout bank account: the details (a US routing and account number, or an IBAN),
   * then the verification code the test reads.
   */
  async addBankAccount(details: BankDetails, code: () => Promise<string>): Promise<void> {
    await this.enterBankAccount(details);
    const verify = this.frame.getByRole("region", { name: this.account("verifyTitle") });
    await verify.waitFor();
    await verify.getByLabel(this.account("code"), { exact: true }).fill(await code());
    await verify.getByRole("button", { name: this.account("confirm"), exact: true }).press("Enter");
    await this.frame
      .getByRole("region", { name: this.account("title"), exact: true })
      .locator(".kit-banner")
      .first()
      .waitFor();
  }

  /**
   * The bank account's details as the person types them (opening the form the first time),
   * then its Continue: a refused value stays on its field (`fieldErrors`).
   */
  async enterBankAccount(details: BankDetails): Promise<void> {
    const step = this.frame.getByRole("region", { name: this.account("add"), exact: true });
    if ((await step.count()) === 0)
      await this.frame
        .getByRole("button", { name: this.account("add"), exact: true })
        .press("Enter");
    await step.getByLabel(this.account("holder"), { exact: true }).fill(details.holder);
    if ("iban" in details) {
      if (details.country !== undefined) {
        const name = new Intl.DisplayNames([this.locale], { type: "region" }).of(details.country);
        await step
          .getByLabel(this.account("country"), { exact: true })
          .selectOption({ label: name ?? details.country });
      }
      await step.getByLabel(this.account("iban"), { exact: true }).fill(details.iban);
    } else if ("parts" in details) {
      for (const [key, value] of Object.entries(details.parts)) {
        const part = step.getByLabel(this.kit(key), { exact: true });
        await part.fill(value);
        await part.blur();
      }
      await step.getByLabel(this.kit("bank.accountNumber"), { exact: true }).fill(details.account);
    } else {
      await step.getByLabel(this.kit("bank.routingNumber"), { exact: true }).fill(details.routing);
      await step.getByLabel(this.kit("bank.accountNumber"), { exact: true }).fill(details.account);
    }
    await step.getByRole("button", { name: this.account("continue"), exact: true }).press("Enter");
  }

  /** Ticks the terms' box. */
  async acceptTerms(): Promise<void> {
    await this.frame.getByRole("checkbox").check();
  }

  /** The links of the terms' box (their text and address). */
  async termsLinks(): Promise<{ text: string; href: string }[]> {
    return this.frame
      .locator(".kit-check-label a")
      .evaluateAll((links) =>
        links.map((a) => ({ text: a.textContent ?? "", href: (a as HTMLAnchorElement).href })),
      );
  }

  /** The review's list: each step's title and its status. */
  async seeReview(): Promise<Record<string, string>> {
    const items = await this.frame
      .locator(".kit-dl__item")
      .evaluateAll((rows) =>
        rows.map((row) => [
          row.querySelector("dt")?.textContent ?? "",
          row.querySelector("dd")?.textContent ?? "",
        ]),
      );
    return Object.fromEntries(items);
  }

  /** Waits for the completed flow and presses Done. */
  async finish(): Promise<void> {
    const done = this.frame.getByRole("button", { name: this.word("done"), exact: true });
    await done.waitFor({ timeout: 20_000 });
    await done.press("Enter");
  }
}
