import type { Locator } from "playwright-core";
import { ResourceListModel, type Within } from "./resource-list.model.ts";

/**
 * The payouts list as a person uses it, wherever it is rendered: a component frame, a frame
 * inside a custom element, or inline in the debug components list — the kit's list model
 * with the payouts list's names and row words. The words are the en-US catalogue's.
 */

export type { Within };

export interface PayoutRow {
  amount: string;
  status: string;
  arrival: string;
  /** Absent in the narrow layout. */
  speed?: string;
  destination?: string;
}

const payoutRow = ([amount = "", status = "", arrival = "", speed, destination]: string[]) => ({
  amount,
  status,
  arrival,
  ...(speed === undefined ? {} : { speed }),
  ...(destination === undefined ? {} : { destination }),
});

export class PayoutsListModel {
  readonly list: ResourceListModel;

  constructor(readonly root: Within | Locator) {
    this.list = new ResourceListModel(root, {
      table: /^(Recent payouts|Payouts)$/,
      detail: "Payout details",
    });
  }

  table = () => this.list.table();
  settle = () => this.list.settle();
  seeColumns = () => this.list.seeColumns();
  canGoNext = () => this.list.canGoNext();
  canGoPrevious = () => this.list.canGoPrevious();
  hasPaging = () => this.list.hasPaging();
  seeDetail = () => this.list.seeDetail();
  closeDetail = () => this.list.closeDetail();
  seeError = () => this.list.seeError();

  /** The rows on screen, top to bottom (newest first). */
  async seeRows(): Promise<PayoutRow[]> {
    return (await this.list.seeRows()).map(payoutRow);
  }

  /** The status badge of the row at `index` (0 = newest on screen). */
  async seeStatus(index: number): Promise<string> {
    return (await this.seeRows())[index]?.status ?? "";
  }

  async nextPage(): Promise<PayoutRow[]> {
    return (await this.list.nextPage()).map(payoutRow);
  }

  async previousPage(): Promise<PayoutRow[]> {
    return (await this.list.previousPage()).map(payoutRow);
  }

  /** Pages from here to the oldest payout; returns every row seen, in order. */
  async pageToOldest(): Promise<PayoutRow[]> {
    return (await this.list.pageToOldest()).map(payoutRow);
  }

  /** Opens the payout of the row at `index`; returns the detail drawer. */
  openPayout(index: number): Promise<Locator> {
    return this.list.openRow(index);
  }

  /** The open detail's timeline, newest first. */
  async seeTimeline(): Promise<string[]> {
    return this.list
      .detail()
      .getByRole("list", { name: "Payout history" })
      .locator("li p")
      .allTextContents();
  }

  /** Filters by payout status (the status words the person reads, e.g. "Failed"). */
  filterByStatus = (statuses: readonly string[]) =>
    this.list.applyChoiceFilter("Payout status", statuses);
  filterByAmountBetween = (from: string, to: string) =>
    this.list.applyAmountFilter("Amount", { between: [from, to] });
  /** Filters by the day the payout was made, `start` to `end` (YYYY-MM-DD). */
  filterByDate = (start: string, end: string) =>
    this.list.applyDateRangeFilter("Created on", start, end);
  clearFilters = () => this.list.clearFilters();
  seeFilterChips = () => this.list.seeFilterChips();
  /** Presses Export (the CSV of the filtered list). */
  exportCsv = () => this.list.root.getByRole("button", { name: "Export CSV" }).click();

  /** The empty state's title, when the account has no payout. */
  seeEmpty(): Promise<string> {
    return this.list.seeEmpty("No payouts yet");
  }
}
