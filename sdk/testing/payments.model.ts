import type { Locator } from "playwright-core";
import { ResourceListModel, type Within } from "./resource-list.model.ts";

/** The payments list as a person uses it: the kit's list model with its names (en-US). */
export interface PaymentRow {
  amount: string;
  status: string;
  method: string;
  description: string;
  customer: string;
  date: string;
}

const paymentRow = ([
  amount = "",
  status = "",
  method = "",
  description = "",
  customer = "",
  date = "",
]: string[]) => ({
  amount,
  status,
  method,
  description,
  customer,
  date,
});

export class PaymentsModel {
  readonly list: ResourceListModel;

  constructor(readonly root: Within | Locator) {
    this.list = new ResourceListModel(root, {
      table: /^(Recent payments|Payments)$/,
      detail: "Payment",
    });
  }

  async seeRows(): Promise<PaymentRow[]> {
    return (await this.list.seeRows({ mayBeEmpty: true })).map(paymentRow);
  }

  /** Every row from here to the oldest, paging as a person does. */
  async pageToOldest(): Promise<PaymentRow[]> {
    return (await this.list.pageToOldest()).map(paymentRow);
  }

  filterByStatus = (statuses: readonly string[]) => this.list.applyChoiceFilter("Status", statuses);
  filterByAmountBetween = (from: string, to: string) =>
    this.list.applyAmountFilter("Amount", { between: [from, to] });
  filterByDate = (start: string, end: string) => this.list.applyDateRangeFilter("Date", start, end);
  clearFilters = () => this.list.clearFilters();
  /** Presses Export (the CSV of the filtered list). */
  exportCsv = () => this.list.root.getByRole("button", { name: "Export CSV" }).click();
  seeFilterChips = () => this.list.seeFilterChips();
  openRow = (index: number) => this.list.openRow(index);

  /**
   * Refunds the open payment: "Refund payment", the amount (or what the form offers: what
   * remains), "Refund", then confirms the money dialog.
   */
  async refund(amount?: string): Promise<void> {
    const detail = this.list.detail();
    await detail.getByRole("button", { name: "Refund payment" }).click();
    const form = detail.getByRole("region", { name: "Refund" });
    if (amount !== undefined)
      await form.getByRole("textbox", { name: "Amount to refund" }).fill(amount);
    await form.getByRole("button", { name: "Refund", exact: true }).click();
    await this.list.answerDialog("Refund this payment?", /^Refund$/);
  }
  seeDetail = () => this.list.seeDetail();
  closeDetail = () => this.list.closeDetail();
}
