import type { Frame, Locator } from "playwright-core";

/** A file as a test hands it to a file field (Playwright's payload: a name, a type, the bytes). */
export type UploadedFile = Extract<Parameters<Locator["setInputFiles"]>[0], { buffer: unknown }>;

/**
 * Any component built on the kit's list, as a person uses it: read the rows, page, pick a
 * page size, filter, open a row's detail and read it, answer a dialog, fill a form. Every
 * verb waits for the list to settle and returns plain data for the test to judge. A
 * component's own model is a thin use of this one: it names its table and its detail, and
 * turns rows into its own words. The words are the en-US catalogue's.
 */

/** Where the list is: a Frame, or a Locator inside one. */
export type Within = Pick<Frame, "getByRole" | "locator" | "getByText" | "getByLabel">;

export interface ResourceListNames {
  /** The table's accessible name (its caption). */
  table: string | RegExp;
  /** The detail overlay's accessible name, when rows open one. */
  detail?: string;
}

export class ResourceListModel {
  constructor(
    readonly root: Within | Locator,
    readonly names: ResourceListNames,
  ) {}

  table(): Locator {
    return this.root.getByRole("table", { name: this.names.table });
  }

  bodyRows(): Locator {
    return this.table().locator("tbody tr");
  }

  /** Waits until the list shows a page, an empty state or an error. */
  async settle(): Promise<void> {
    await this.table().waitFor({ state: "visible" });
    await this.table().locator(":scope:not([aria-busy])").waitFor();
  }

  /** The cells of every row on screen, top to bottom (waiting for one unless `mayBeEmpty`). */
  async seeRows(options: { mayBeEmpty?: boolean } = {}): Promise<string[][]> {
    await this.settle();
    if (!options.mayBeEmpty) await this.bodyRows().first().waitFor();
    return this.bodyRows().evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")),
    );
  }

  /** The column headers, as shown. */
  async seeColumns(): Promise<string[]> {
    await this.settle();
    return this.table().locator("thead th").allTextContents();
  }

  // -- paging --------------------------------------------------------------------------------

  async canGoNext(): Promise<boolean> {
    const next = this.root.getByRole("button", { name: "Next page" });
    return (await next.count()) > 0 && (await next.isEnabled());
  }

  async canGoPrevious(): Promise<boolean> {
    const previous = this.root.getByRole("button", { name: "Previous page" });
    return (await previous.count()) > 0 && (await previous.isEnabled());
  }

  /** Whether the list offers paging at all. */
  async hasPaging(): Promise<boolean> {
    await this.settle();
    return (await this.root.getByRole("button", { name: "Next page" }).count()) > 0;
  }

  /** The first row's identity on screen, to see a page change. */
  private async firstRowKey(): Promise<string> {
    const first = this.bodyRows().first();
    return (await first.getAttribute("aria-label")) ?? (await first.textContent()) ?? "";
  }

  private async turn(name: "Next page" | "Previous page"): Promise<string[][]> {
    const before = await this.firstRowKey();
    // As a keyboard user pages (focus, Enter): a frame still growing above the list on a
    // loaded machine cannot move the button from under a pointer click.
    await this.root.getByRole("button", { name }).press("Enter");
    // The page changed once its first row is another one.
    const deadline = Date.now() + 15_000;
    while ((await this.firstRowKey()) === before) {
      if (Date.now() > deadline) throw new Error(`${name}: the page did not change`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.seeRows();
  }

  /** Goes to the page of older rows and returns it. */
  nextPage(): Promise<string[][]> {
    return this.turn("Next page");
  }

  /** Goes back to the page of newer rows and returns it. */
  previousPage(): Promise<string[][]> {
    return this.turn("Previous page");
  }

  /** Pages from here to the oldest row; returns every row seen, in order. */
  async pageToOldest(): Promise<string[][]> {
    const seen = await this.seeRows();
    while (await this.canGoNext()) seen.push(...(await this.nextPage()));
    return seen;
  }

  /** Picks how many rows a page shows; returns the rows of the newest page. */
  async choosePageSize(size: number): Promise<string[][]> {
    await this.root.getByRole("combobox", { name: "Rows per page" }).selectOption(String(size));
    await this.settle();
    return this.seeRows();
  }

  // -- filters -------------------------------------------------------------------------------

  /** Types into a text or search filter. */
  async fillFilter(label: string, text: string): Promise<void> {
    await this.root.getByLabel(label, { exact: true }).fill(text);
  }

  /** Picks an option of a select filter by its label. */
  async chooseFilter(label: string, option: string): Promise<void> {
    await this.root.getByRole("combobox", { name: label }).selectOption({ label: option });
  }

  /**
   * Sets a choice filter through the filter bar, as a person does: opens its chip, ticks the
   * options by their labels (unticking the others), applies. The list then loads again; a
   * test waits for the rows it expects.
   */
  async applyChoiceFilter(filter: string, options: readonly string[]): Promise<void> {
    const editor = await this.openFilter(filter);
    const boxes = editor.getByRole("checkbox");
    for (let i = 0; i < (await boxes.count()); i++) {
      const box = boxes.nth(i);
      const label = (await box.evaluate((el) => el.closest("label")?.textContent ?? "")).trim();
      if ((await box.isChecked()) !== options.includes(label)) {
        await box.focus();
        await box.press("Space");
      }
    }
    await this.applyFilter(editor);
  }

  /**
   * Sets an amount filter: "is between" two amounts, or one comparison ("is equal to",
   * "is greater than", "is less than") with one amount, typed as a person types money.
   */
  async applyAmountFilter(
    filter: string,
    condition: { between: [string, string] } | { comparison: string; amount: string },
  ): Promise<void> {
    const editor = await this.openFilter(filter);
    const comparison = "between" in condition ? "is between" : condition.comparison;
    await editor.getByRole("combobox", { name: "Comparison" }).selectOption({ label: comparison });
    if ("between" in condition) {
      await editor.getByRole("textbox", { name: "From" }).fill(condition.between[0]);
      await editor.getByRole("textbox", { name: "Up to" }).fill(condition.between[1]);
    } else {
      await editor.getByRole("textbox", { name: filter }).fill(condition.amount);
    }
    await this.applyFilter(editor);
  }

  /** Sets a date filter between two days (inclusive), as ISO dates typed into the pickers. */
  async applyDateRangeFilter(filter: string, start: string, end: string): Promise<void> {
    const editor = await this.openFilter(filter);
    await editor
      .getByRole("combobox", { name: "Comparison" })
      .selectOption({ label: "is between" });
    const days = editor.locator('input[type="date"]');
    await days.nth(0).fill(start);
    await days.nth(1).fill(end);
    await this.applyFilter(editor);
  }

  /** Removes every filter with "Clear all". */
  async clearFilters(): Promise<void> {
    await this.root.getByRole("button", { name: "Clear all" }).click();
  }

  /**
   * Opens a filter's editor from the keyboard (focus its chip, Enter), as a person using the
   * keyboard does; a frame low on a busy page can still be settling its layout when a pointer
   * click arrives. Pressed again if the editor has not opened after a few seconds, as a person
   * would press again.
   */
  private async openFilter(filter: string): Promise<Locator> {
    const chip = this.root.getByRole("button", { name: new RegExp(`^${filter}(:|$)`) }).first();
    const editor = this.root.getByRole("dialog", { name: filter });
    for (let attempt = 1; ; attempt++) {
      // The chip toggles its editor: press it only while it says the editor is closed.
      if ((await chip.getAttribute("aria-expanded")) !== "true") {
        await chip.focus();
        await chip.press("Enter");
      }
      try {
        await editor.waitFor({ state: "visible", timeout: 5_000 });
        return editor;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  }

  private async applyFilter(editor: Locator): Promise<void> {
    // From the keyboard (focus, Enter): a filter editor near the bottom of a frame low on the
    // page can reach past the frame's visible box, where a pointer cannot click it.
    await editor.getByRole("button", { name: "Apply" }).press("Enter");
    await editor.waitFor({ state: "detached" });
  }

  /** The filter bar's chips as shown: "Type: Payout", "Amount", … */
  async seeFilterChips(): Promise<string[]> {
    const bar = this.root.getByRole("toolbar", { name: "Filter the list" });
    return bar.locator("button[aria-haspopup=dialog]").allInnerTexts();
  }

  // -- detail --------------------------------------------------------------------------------

  detail(): Locator {
    return this.root.getByRole("dialog", { name: this.names.detail ?? "" });
  }

  /** Opens the detail of the row at `index` (0 = top); returns the overlay once it shows it. */
  async openRow(index: number): Promise<Locator> {
    await this.settle();
    // As a keyboard user opens it: Enter on the focused row (a pointer click lands wherever the
    // row was a moment ago, and frames above it on a page still grow while they load).
    await this.bodyRows().nth(index).press("Enter");
    const dialog = this.detail();
    await dialog.locator(".kit-dl").waitFor();
    return dialog;
  }

  /** The open detail's facts: term → value, as shown. */
  async seeDetail(): Promise<Record<string, string>> {
    const dialog = this.detail();
    await dialog.locator(".kit-dl").waitFor();
    const pairs = await dialog
      .locator(".kit-dl__item")
      .evaluateAll((items) =>
        items.map((item) => [
          item.querySelector("dt")?.textContent ?? "",
          item.querySelector("dd")?.textContent ?? "",
        ]),
      );
    return Object.fromEntries(pairs);
  }

  async closeDetail(): Promise<void> {
    const dialog = this.detail();
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
  }

  // -- states --------------------------------------------------------------------------------

  /** The empty state's title. */
  async seeEmpty(title: string): Promise<string> {
    return this.root.getByRole("heading", { name: title }).innerText();
  }

  /** The alert's text, when the list could not be loaded (or may not be seen). */
  async seeError(): Promise<string> {
    return this.root.getByRole("alert").first().innerText();
  }

  // -- dialogs and forms ---------------------------------------------------------------------

  /** A dialog by its name (a confirmation, a form in an overlay). */
  dialog(name: string | RegExp): Locator {
    return this.root.getByRole("dialog", { name });
  }

  /** Presses a button of the dialog `name` (Confirm, Cancel, …) and waits for it to close. */
  async answerDialog(name: string | RegExp, button: string | RegExp): Promise<void> {
    const dialog = this.dialog(name);
    await dialog.getByRole("button", { name: button }).click();
    await dialog.waitFor({ state: "detached" });
  }

  /** Fills the form fields inside `within` by their labels. */
  async fillForm(within: Locator, fields: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(fields))
      await within.getByLabel(label, { exact: true }).fill(value);
  }

  /** The error messages a form shows, field and form errors alike. */
  async seeFormErrors(within: Locator): Promise<string[]> {
    return within.locator("[role=alert], .kit-field__error").allInnerTexts();
  }

  /** Presses the button `name` inside `within` (a form's Save, Submit, …). */
  async press(within: Locator, name: string | RegExp): Promise<void> {
    await within.getByRole("button", { name }).click();
  }

  /**
   * Puts `file` into the file field `label` inside `within`, as the file chooser does once a
   * person picked it, and waits until the field says it is uploaded (the data layer sent it
   * to the files host).
   */
  async uploadFile(within: Locator, label: string, file: UploadedFile): Promise<void> {
    const field = within.getByRole("group", { name: label, exact: true });
    await field.locator('input[type="file"]').setInputFiles(file);
    await field
      .getByRole("status")
      .filter({ hasText: `${file.name} uploaded` })
      .waitFor({ timeout: 15_000 });
  }

  /** The index of the first row on screen whose accessible name or text has `text`. */
  async rowIndexWith(text: string): Promise<number> {
    await this.settle();
    return this.bodyRows().evaluateAll(
      (trs, wanted) =>
        trs.findIndex((tr) =>
          `${tr.getAttribute("aria-label") ?? ""} ${tr.textContent ?? ""}`.includes(wanted),
        ),
      text,
    );
  }
}
