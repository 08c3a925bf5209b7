import type { Frame, Locator } from "playwright-core";
import { AccountOnboardingModel, type PersonDetails } from "./account-onboarding.model.ts";
import { BalancesModel } from "./balances.model.ts";
import { messageIn } from "./payment-details.model.ts";
import { signInThroughPopup } from "./sign-in-popup.model.ts";

/**
 * account-management (and account-management-form, one of its sections) as a person uses it,
 * in any locale (the words come from the locale's catalogue): read a section's values, open
 * its edit, sign in through the popup when the component asks, fill its fields, save or
 * cancel, add, edit (their roles too) or remove a person (the details' fields are
 * account-onboarding's; a removal is confirmed in the kit's dialog), and replace the payout
 * bank account (the balances' flow). Buttons are pressed from the keyboard.
 */
export class AccountManagementModel {
  /** The payout bank account's flow, the same as in balances. */
  readonly payout: BalancesModel;
  /** The person's details' fields, the same as in account-onboarding. */
  readonly details: AccountOnboardingModel;

  constructor(
    readonly frame: Frame,
    readonly locale = "en-US",
  ) {
    this.payout = new BalancesModel(frame, locale);
    this.details = new AccountOnboardingModel(frame, locale);
  }

  word(id: string, values: Record<string, string> = {}): string {
    return Object.entries(values).reduce(
      (text, [name, value]) => text.replace(`{${name}}`, value),
      messageIn(this.locale, `accountManagement.${id}`),
    );
  }

  /** A section by its key (business, company, person, support, external_account, sign_in). */
  section(key: string): Locator {
    return this.frame.locator(`[data-section="${key}"]`);
  }

  /** The sections shown, by key, in order (once the account loaded). */
  async seeSections(): Promise<string[]> {
    await this.section("external_account").or(this.section("support")).first().waitFor();
    return this.frame
      .locator("[data-section]")
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-section") ?? ""));
  }

  /** A section's values, term → value. */
  async seeValues(key: string): Promise<Record<string, string>> {
    const section = this.section(key);
    await section.waitFor();
    const items = section.locator(".kit-dl__item");
    const out: Record<string, string> = {};
    for (const item of await items.all())
      out[(await item.locator("dt").innerText()).trim()] = (
        await item.locator("dd").innerText()
      ).trim();
    return out;
  }

  /** The buttons a section offers (Edit …, Add a person, Edit <person>). */
  async seeButtons(key: string): Promise<string[]> {
    await this.section(key).waitFor();
    return this.section(key).getByRole("button").allInnerTexts();
  }

  private async press(within: Locator | Frame, name: string): Promise<void> {
    await within.getByRole("button", { name, exact: true }).press("Enter");
  }

  /** Opens a section's edit by its title ("Public details"). */
  async edit(key: string, title: string): Promise<void> {
    await this.press(this.section(key), this.word("edit", { section: title }));
  }

  async addPerson(): Promise<void> {
    await this.press(this.section("person"), this.word("addPerson"));
  }

  async editPerson(name: string): Promise<void> {
    await this.press(this.section("person"), this.word("editPerson", { name }));
  }

  /** Ticks (or unticks) a role box of the open person form, by its onboarding word. */
  async setRole(
    role: "roleRepresentative" | "roleOwner" | "roleDirector" | "roleExecutive",
    on: boolean,
  ): Promise<void> {
    const box = this.frame
      .locator("form")
      .getByRole("checkbox", { name: messageIn(this.locale, `accountOnboarding.${role}`) });
    await box.setChecked(on);
  }

  /** Presses a person's Remove; the confirm dialog opens. */
  async removePerson(name: string): Promise<Locator> {
    await this.press(this.section("person"), this.word("removePerson", { name }));
    const dialog = this.removalDialog(name);
    await dialog.waitFor();
    return dialog;
  }

  /** The dialog confirming `name`'s removal. */
  removalDialog(name: string): Locator {
    return this.frame.getByRole("dialog", { name: this.word("removeTitle", { name }) });
  }

  /** Confirms the removal in the open dialog. */
  async confirmRemoval(name: string): Promise<void> {
    await this.press(this.removalDialog(name), this.word("removeConfirm"));
  }

  /** The refusal the dialog shows, once shown. */
  async seeRemovalRefusal(name: string): Promise<string> {
    const alert = this.removalDialog(name).getByRole("alert");
    await alert.waitFor();
    return (await alert.innerText()).trim();
  }

  /** The edit waits for the provider user's sign-in (the popup's prompt shows). */
  async seeSignInAsked(key: string): Promise<boolean> {
    const button = this.section(key).getByRole("button", {
      name: messageIn(this.locale, "popup.signIn.submit"),
      exact: true,
    });
    await button.waitFor();
    return (await this.section(key).locator("form").count()) === 0;
  }

  /** Signs in through the popup the section's Sign in opens; the section's form then shows. */
  async signInThroughPopup(key: string, email: string, password: string): Promise<void> {
    const submit = messageIn(this.locale, "popup.signIn.submit");
    await signInThroughPopup(
      this.section(key).getByRole("button", { name: submit, exact: true }),
      email,
      password,
      this.locale,
    );
    await this.section(key).locator("form").waitFor();
  }

  /** Types into a field of the open form, by its label. */
  async fill(label: string, value: string): Promise<void> {
    const field = this.frame.locator("form").getByLabel(label, { exact: true });
    await field.fill(value);
    await field.blur();
  }

  async fillPerson(person: PersonDetails): Promise<void> {
    await this.details.fillDetails(person);
  }

  /** Saves the open form of section `key`; resolves once the provider's answer shows. */
  async save(key: string): Promise<void> {
    await this.press(this.section(key).locator("form"), this.word("save"));
  }

  /** The section's "saved" notice, once shown. */
  async seeSaved(key: string): Promise<string> {
    const banner = this.section(key).getByText(this.word("saved"), { exact: true });
    await banner.waitFor();
    return banner.innerText();
  }

  async cancel(key: string): Promise<void> {
    await this.press(this.section(key), messageIn(this.locale, "kit.cancel"));
  }

  /** The field errors shown now, as text. */
  fieldErrors(): Promise<string[]> {
    return this.frame.locator(".kit-field__error").allInnerTexts();
  }
}
