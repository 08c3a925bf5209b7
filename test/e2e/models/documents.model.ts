import type { Download, Frame, Locator, Page } from "playwright-core";
import { ResourceListModel } from "../../../sdk/testing/resource-list.model.ts";

/**
 * The documents component as a person uses it (en-US words): read the tax invoices (month,
 * total, number, issue date), open one, read its facts and its fee lines, download its PDF.
 */
export interface InvoiceRow {
  period: string;
  total: string;
  number: string;
  issued: string;
}

const invoiceRow = ([period = "", total = "", number = "", issued = ""]: string[]) => ({
  period,
  total,
  number,
  issued,
});

export class DocumentsModel {
  readonly list: ResourceListModel;

  constructor(readonly frame: Frame) {
    this.list = new ResourceListModel(frame, { table: "Tax invoices", detail: "Tax invoice" });
  }

  async seeRows(): Promise<InvoiceRow[]> {
    return (await this.list.seeRows({ mayBeEmpty: true })).map(invoiceRow);
  }

  /** Opens the invoice at `index` (0 = newest on screen). */
  openInvoice = (index: number): Promise<Locator> => this.list.openRow(index);
  seeFacts = () => this.list.seeDetail();
  closeInvoice = () => this.list.closeDetail();
  seeEmpty = () => this.list.seeEmpty("No tax invoices yet");

  /** The open invoice's fee lines: description, quantity, amount (the kit's table, read as a list's). */
  seeLines(): Promise<string[][]> {
    return new ResourceListModel(this.list.detail(), { table: "Fees" }).seeRows();
  }

  /** Presses the open invoice's "Download PDF"; returns the file the browser received. */
  async downloadPdf(page: Page): Promise<Download> {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      this.list.detail().getByRole("button", { name: "Download PDF" }).press("Enter"),
    ]);
    return download;
  }
}
