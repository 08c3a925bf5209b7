import type { Frame, Locator } from "playwright-core";

/**
 * The payouts list as a person uses it, wherever it is rendered: a component frame, a frame
 * inside a custom element, or inline in the debug components list. Give it the frame (or a
 * locator) that holds the list; every verb waits for the list to settle and returns plain
 * data for the test to judge. The words are the en-US catalogue's.
 */

/** Where the list is: a Frame, or a Locator inside one. */
export type Within = Pick<Frame, "getByRole" | "locator" | "getByText">;

export interface PayoutRow {
  amount: string;
  status: string;
  arrival: string;
  /** Absent in the narrow layout. */
  speed?: string;
  destination?: string;
}

export class PayoutsListModel {
  constructor(readonly root: Within | Locator) {}

  /** The list's table (captioned "Payouts", or "Recent payouts"). */
  table(): Locator {
    return this.root.getByRole("table", { name: /^(Recent payouts|Payouts)$/ });
  }

  private bodyRows(): Locator {
    return this.table().locator("tbody tr");
  }

  /** Waits until the list shows its first page, an empty state or an error. */
  async settle(): Promise<void> {
    await this.table().waitFor({ state: "visible" });
    await this.table().locator(":scope:not([aria-busy])").waitFor();
  }

  /** The rows on screen, top to bottom (newest first). */
  async seeRows(): Promise<PayoutRow[]> {
    await this.settle();
    await this.bodyRows().first().waitFor();
    const rows = await this.bodyRows().evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")),
    );
    return rows.map(([amount = "", status = "", arrival = "", speed, destination]) => ({
      amount,
      status,
      arrival,
      ...(speed === undefined ? {} : { speed }),
      ...(destination === undefined ? {} : { destination }),
    }));
  }

  /** The column headers, as shown. */
  async seeColumns(): Promise<string[]> {
    await this.settle();
    return this.table().locator("thead th").allTextContents();
  }

  /** The status badge of the row at `index` (0 = newest on screen). */
  async seeStatus(index: number): Promise<string> {
    return (await this.seeRows())[index]?.status ?? "";
  }

  async canGoNext(): Promise<boolean> {
    const next = this.root.getByRole("button", { name: "Next page" });
    return (await next.count()) > 0 && (await next.isEnabled());
  }

  async canGoPrevious(): Promise<boolean> {
    const previous = this.root.getByRole("button", { name: "Previous page" });
    return (await previous.count()) > 0 && (await previous.isEnabled());
  }

  /** Whether the list offers paging at all (the recent-payouts mode does not). */
  async hasPaging(): Promise<boolean> {
    await this.settle();
    return (await this.root.getByRole("button", { name: "Next page" }).count()) > 0;
  }

  private async turn(name: "Next page" | "Previous page"): Promise<PayoutRow[]> {
    const before = await this.bodyRows().first().getAttribute("aria-label");
    await this.root.getByRole("button", { name }).click();
    // The page changed once its first row is another payout.
    await this.table()
      .locator(`tbody tr:first-child:not([aria-label=${JSON.stringify(before ?? "")}])`)
      .waitFor();
    return this.seeRows();
  }

  /** Goes to the page of older payouts and returns its rows. */
  nextPage(): Promise<PayoutRow[]> {
    return this.turn("Next page");
  }

  /** Goes back to the page of newer payouts and returns its rows. */
  previousPage(): Promise<PayoutRow[]> {
    return this.turn("Previous page");
  }

  /** Pages from here to the oldest payout; returns every row seen, in order. */
  async pageToOldest(): Promise<PayoutRow[]> {
    const seen = await this.seeRows();
    while (await this.canGoNext()) seen.push(...(await this.nextPage()));
    return seen;
  }

  /** Opens the payout of the row at `index`; returns the detail drawer. */
  async openPayout(index: number): Promise<Locator> {
    await this.settle();
    await this.bodyRows().nth(index).click();
    const dialog = this.root.getByRole("dialog", { name: "Payout details" });
    await dialog.locator(".kit-dl").waitFor();
    return dialog;
  }

  /** The open detail's facts: term → value, as shown. */
  async seeDetail(): Promise<Record<string, string>> {
    const dialog = this.root.getByRole("dialog", { name: "Payout details" });
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

  /** The open detail's timeline, newest first. */
  async seeTimeline(): Promise<string[]> {
    const dialog = this.root.getByRole("dialog", { name: "Payout details" });
    return dialog.getByRole("list", { name: "Payout history" }).locator("li p").allTextContents();
  }

  async closeDetail(): Promise<void> {
    const dialog = this.root.getByRole("dialog", { name: "Payout details" });
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
  }

  /** The empty state's title, when the account has no payout. */
  async seeEmpty(): Promise<string> {
    return this.root.getByRole("heading", { name: "No payouts yet" }).innerText();
  }

  /** The load-failure alert's text, when the list could not be loaded. */
  async seeError(): Promise<string> {
    return this.root.getByRole("alert").innerText();
  }
}
