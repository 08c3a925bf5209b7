import type { Frame, Locator } from "playwright-core";
import { ResourceListModel } from "../../../sdk/testing/resource-list.model.ts";
import { messageIn } from "./payment-details.model.ts";
import { signInThroughPopup } from "./sign-in-popup.model.ts";

/**
 * balances (and the same pieces in payouts) as a person uses them, in any locale: the words
 * come from the locale's catalogue. Buttons are pressed from the keyboard (focus, Enter): the
 * view stands low on the dashboard, where a pointer click can land beside a button that moved
 * while the frames above grow.
 */
export class BalancesModel {
  readonly kit: ResourceListModel;

  constructor(
    readonly frame: Frame,
    readonly locale = "en-US",
  ) {
    // No table or detail here: the kit's model serves for its dialogs and form errors.
    this.kit = new ResourceListModel(frame, { table: /.^/, detail: "-" });
  }

  /** A balances message in the model's locale. */
  word(id: string): string {
    return messageIn(this.locale, `balances.${id}`);
  }

  private region(id: string): Locator {
    return this.frame.getByRole("region", { name: this.word(id), exact: true });
  }

  private async pairs(list: Locator): Promise<Record<string, string>> {
    await list.first().waitFor();
    const pairs = await list
      .locator(":scope > .kit-dl__item")
      .evaluateAll((items) =>
        items.map((item) => [
          item.querySelector("dt")?.textContent ?? "",
          item.querySelector("dd")?.textContent ?? "",
        ]),
      );
    return Object.fromEntries(pairs);
  }

  /** The figures of the first currency: Available, Pending, Available for instant payout. */
  seeBalance(): Promise<Record<string, string>> {
    return this.pairs(this.region("title").locator(".kit-dl").first());
  }

  /** The schedule: its frequency, delay and next payout. */
  seeSchedule(): Promise<Record<string, string>> {
    return this.pairs(this.region("schedule").locator(".kit-dl").first());
  }

  /**
   * Waits until nothing in the frame is loading (the figures are the provider's latest; in
   * `payouts` the list below them loads too).
   */
  async settled(): Promise<void> {
    // Polled on a timer: a cross-origin frame below the fold gets no animation frames.
    await this.frame.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, {
      polling: 100,
    });
    await this.region("title").waitFor();
  }

  private async press(within: Locator | Frame, name: string): Promise<void> {
    await within.getByRole("button", { name, exact: true }).press("Enter");
  }

  /** Whether an instant payout is offered. */
  async offersInstantPayout(): Promise<boolean> {
    await this.region("title").waitFor();
    return (await this.frame.getByRole("button", { name: this.word("instantPayOut") }).count()) > 0;
  }

  /**
   * Opens a money action (its button named `label`), gives the amount (or keeps the one it
   * starts with) and reviews it: the confirmation titled `title` shows.
   */
  private async reviewMoneyAction(label: string, title: string, amount?: string) {
    await this.press(this.frame, label);
    const form = this.frame.getByRole("region", { name: label, exact: true });
    if (amount !== undefined)
      await form.getByRole("textbox", { name: this.word("amount") }).fill(amount);
    await this.press(form, label);
    const dialog = this.kit.dialog(title);
    await dialog.waitFor();
    return dialog;
  }

  /**
   * Confirms the money action under review and waits until its form is done: gone (the money
   * moved) or showing the provider's refusal, which is then thrown with its words.
   */
  private async confirmMoneyAction(label: string, title: string): Promise<void> {
    const dialog = this.kit.dialog(title);
    await dialog.getByRole("button", { name: label, exact: true }).press("Enter");
    await dialog.waitFor({ state: "detached" });
    const form = this.frame.getByRole("region", { name: label, exact: true });
    const refusal = form.getByRole("alert").first();
    // Whichever comes first; the other wait is left to time out quietly.
    const quiet = () => undefined;
    await Promise.race([
      form.waitFor({ state: "detached" }).catch(quiet),
      refusal.waitFor().catch(quiet),
    ]);
    if (await form.count())
      throw new Error(`the ${label} form stayed open: ${await form.innerText()}`);
  }

  /** Opens a payout (standard or instant), gives the amount (or keeps the offered one), reviews it. */
  reviewPayout(instant: boolean, amount?: string): Promise<Locator> {
    return this.reviewMoneyAction(
      this.word(instant ? "instantPayOut" : "payOut"),
      this.word(instant ? "instantConfirmTitle" : "payoutConfirmTitle"),
      amount,
    );
  }

  /** Confirms the payout under review (`confirmMoneyAction`). */
  confirmPayout(instant: boolean): Promise<void> {
    return this.confirmMoneyAction(
      this.word(instant ? "instantPayOut" : "payOut"),
      this.word(instant ? "instantConfirmTitle" : "payoutConfirmTitle"),
    );
  }

  /** Whether adding funds is offered. */
  async offersAddFunds(): Promise<boolean> {
    await this.region("title").waitFor();
    return (await this.frame.getByRole("button", { name: this.word("addFunds") }).count()) > 0;
  }

  /** Opens "Add funds", gives the amount and reviews it: the confirmation shows. */
  reviewAddFunds(amount: string): Promise<Locator> {
    return this.reviewMoneyAction(this.word("addFunds"), this.word("addFundsConfirmTitle"), amount);
  }

  /** Confirms the funds under review (`confirmMoneyAction`). */
  confirmAddFunds(): Promise<void> {
    return this.confirmMoneyAction(this.word("addFunds"), this.word("addFundsConfirmTitle"));
  }

  /** Opens the schedule editor and sets its fields (by their words), then reviews it. */
  async reviewSchedule(fields: {
    interval?: "daily" | "weekly" | "monthly" | "manual";
    weekday?: string;
    monthDay?: string;
    delayDays?: string;
  }): Promise<void> {
    await this.press(this.frame, this.word("editSchedule"));
    const form = this.frame.getByRole("region", { name: this.word("editSchedule"), exact: true });
    if (fields.interval)
      await form
        .getByLabel(this.word("interval"), { exact: true })
        .selectOption({ label: this.word(`interval.${fields.interval}`) });
    if (fields.weekday)
      await form
        .getByLabel(this.word("weeklyAnchor"), { exact: true })
        .selectOption({ label: fields.weekday });
    if (fields.monthDay !== undefined)
      await form.getByLabel(this.word("monthlyAnchor"), { exact: true }).fill(fields.monthDay);
    if (fields.delayDays !== undefined)
      await form.getByLabel(this.word("delayDays"), { exact: true }).fill(fields.delayDays);
    await this.press(form, this.word("saveSchedule"));
  }

  /** Confirms the schedule under review. */
  async confirmSchedule(): Promise<void> {
    const dialog = this.kit.dialog(this.word("scheduleConfirmTitle"));
    await dialog
      .getByRole("button", { name: this.word("saveSchedule"), exact: true })
      .press("Enter");
    await dialog.waitFor({ state: "detached" });
  }

  /** A payout-account message in the model's locale, its `{name}` arguments filled in. */
  accountWord(id: string, values: Record<string, string> = {}): string {
    return Object.entries(values).reduce(
      (text, [name, value]) => text.replace(`{${name}}`, value),
      messageIn(this.locale, `payoutAccount.${id}`),
    );
  }

  /** The payout account of each currency, as shown: currency code → its words. */
  seePayoutAccounts(): Promise<Record<string, string>> {
    return this.pairs(
      this.frame
        .getByRole("region", { name: this.accountWord("title"), exact: true })
        .locator(".kit-dl")
        .first(),
    );
  }

  /** The payout-account step on screen (its region, named as the step is). */
  accountStep(title: "replace" | "verifyTitle"): Locator {
    return this.frame.getByRole("region", { name: this.accountWord(title), exact: true });
  }

  /** Starts replacing (or adding) the bank account: the first step shows. */
  async startReplacingBankAccount(add = false): Promise<void> {
    await this.press(this.frame, this.accountWord(add ? "add" : "replace"));
    await this.accountStep("replace").waitFor();
  }

  /**
   * Signs the provider user in through the popup that the step's Sign in opens, as a person
   * does in the new window, and waits until it has closed itself and the details show. With
   * `reopen`, the view started the flow afresh once signed in (account management): the
   * flow is opened again.
   */
  async signInThroughPopup(
    email: string,
    password: string,
    options: { reopen?: boolean } = {},
  ): Promise<void> {
    const step = this.accountStep("replace");
    await signInThroughPopup(
      step.getByRole("button", {
        name: messageIn(this.locale, "popup.signIn.submit"),
        exact: true,
      }),
      email,
      password,
      this.locale,
    );
    if (options.reopen) await this.startReplacingBankAccount();
    await step.getByLabel(this.accountWord("holder"), { exact: true }).waitFor();
  }

  /** Types the bank account's details (a US routing and account number). */
  async fillUsBankAccount(details: {
    holder: string;
    routing: string;
    account: string;
  }): Promise<void> {
    const step = this.accountStep("replace");
    await step.getByLabel(this.accountWord("holder"), { exact: true }).fill(details.holder);
    const routing = step.getByLabel(messageIn(this.locale, "kit.bank.routingNumber"), {
      exact: true,
    });
    await routing.fill(details.routing);
    await routing.blur();
    const account = step.getByLabel(messageIn(this.locale, "kit.bank.accountNumber"), {
      exact: true,
    });
    await account.fill(details.account);
    await account.blur();
  }

  /** The details step's choice between connecting a bank and typing its details, if offered. */
  bankConnectionChoice(): Locator {
    return this.accountStep("replace").getByRole("tablist", {
      name: this.accountWord("method"),
      exact: true,
    });
  }

  /** "Connect your bank": chooses the bank, then one of its accounts, by their names. */
  async connectBank(bank: string, account: string): Promise<void> {
    const step = this.accountStep("replace");
    await step.getByRole("tab", { name: this.accountWord("connect"), exact: true }).click();
    const banks = step.getByLabel(this.accountWord("institution"), { exact: true });
    await banks.selectOption({ label: bank });
    await step
      .getByLabel(this.accountWord("bankAccount"), { exact: true })
      .selectOption({ label: account });
  }

  /** Continues from the details (to the verification, when they are valid). */
  async continueToVerification(): Promise<void> {
    await this.press(this.accountStep("replace"), this.accountWord("continue"));
  }

  /** Types the verification code and confirms it (the test waits for what follows). */
  async confirmCode(code: string): Promise<void> {
    const step = this.accountStep("verifyTitle");
    await step.getByLabel(this.accountWord("code"), { exact: true }).fill(code);
    await this.press(step, this.accountWord("confirm"));
  }

  /** The banner that says where payouts go now, once shown. */
  async seeSavedAccount(): Promise<string> {
    const banner = this.frame
      .getByRole("region", { name: this.accountWord("title"), exact: true })
      .locator(".kit-banner")
      .first();
    await banner.waitFor();
    return banner.innerText();
  }

  /** The errors shown (banners and field errors). */
  seeErrors(): Promise<string[]> {
    return this.kit.seeFormErrors(this.frame.locator("body"));
  }
}
