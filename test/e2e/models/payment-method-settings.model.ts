import type { Frame, Locator } from "playwright-core";
import { messageIn } from "./details.model.ts";
import { signInThroughPopup } from "./sign-in-popup.model.ts";

/** One payment method's row as a person reads it. */
export interface MethodRow {
  /** Its name, as the switch's name. */
  name: string;
  on: boolean;
  /** The switch cannot be flipped (not offered, or a requirement unmet). */
  disabled: boolean;
  /** Why it is not offered or what it needs, one line each. */
  notes: string[];
}

/**
 * payment-method-settings as a person uses it, in any locale (the words come from the
 * locale's catalogue): sign in through the popup the component asks for, read the methods
 * by group, flip one, confirm or cancel the confirmation.
 */
export class PaymentMethodSettingsModel {
  constructor(
    readonly frame: Frame,
    readonly locale = "en-US",
  ) {}

  word(id: string): string {
    return messageIn(this.locale, `paymentMethodSettings.${id}`);
  }

  /** The list of methods (shown once a provider user is signed in and it loaded). */
  list(): Locator {
    return this.frame.getByRole("region", { name: this.word("title"), exact: true });
  }

  /** The component asks for the provider user's sign-in (before anything loads). */
  async seeSignInAsked(): Promise<boolean> {
    const button = this.frame.getByRole("button", {
      name: messageIn(this.locale, "popup.signIn.submit"),
      exact: true,
    });
    await button.waitFor();
    return (await this.list().count()) === 0;
  }

  /** Signs in through the popup the component opens from the click. */
  async signInThroughPopup(email: string, password: string): Promise<void> {
    const submit = messageIn(this.locale, "popup.signIn.submit");
    await signInThroughPopup(
      this.frame.getByRole("button", { name: submit, exact: true }),
      email,
      password,
      this.locale,
    );
    await this.list().waitFor();
  }

  /** The group headings, in order. */
  seeGroups(): Promise<string[]> {
    return this.list().locator("h3").allInnerTexts();
  }

  /** Every method's row, in order. */
  async seeMethods(): Promise<MethodRow[]> {
    await this.list().waitFor();
    const rows = this.list().locator("li[data-setting]");
    const out: MethodRow[] = [];
    for (const row of await rows.all()) {
      const control = row.getByRole("switch");
      out.push({
        name: (await control.getAttribute("aria-label")) ?? "",
        on: (await control.getAttribute("aria-checked")) === "true",
        disabled: await control.isDisabled(),
        notes: await row.locator("ul li").allInnerTexts(),
      });
    }
    return out;
  }

  async seeMethod(name: string): Promise<MethodRow | undefined> {
    return (await this.seeMethods()).find((m) => m.name === name);
  }

  /**
   * Flips a method's switch, from the keyboard (a click aimed where the switch was while the
   * frames above it still grow can miss it): the confirmation opens.
   */
  async flip(name: string): Promise<void> {
    await this.list().getByRole("switch", { name, exact: true }).press("Enter");
  }

  /** The confirmation of turning `name` on or off. */
  confirmation(name: string, on: boolean): Locator {
    const title = this.word(on ? "turnOnTitle" : "turnOffTitle").replace("{method}", name);
    return this.frame.getByRole("dialog", { name: title });
  }

  /** Confirms the change shown; waits for the dialog to close (the provider answered). */
  async confirm(name: string, on: boolean): Promise<void> {
    const dialog = this.confirmation(name, on);
    await dialog.getByRole("button", { name: this.word(on ? "turnOn" : "turnOff") }).click();
    await dialog.waitFor({ state: "detached" });
  }

  /** Cancels the change shown. */
  async cancel(name: string, on: boolean): Promise<void> {
    const dialog = this.confirmation(name, on);
    await dialog.getByRole("button", { name: messageIn(this.locale, "kit.cancel") }).click();
    await dialog.waitFor({ state: "detached" });
  }
}
