import { parse } from "csv-parse/sync";
import type { Download, Frame, Locator, Page } from "playwright-core";

/**
 * balance-report and payout-reconciliation-report as a person uses them (en-US words): pick
 * the first and last day, show the report, read its tables, download the itemised CSV.
 */
export class ReportModel {
  constructor(
    readonly frame: Frame,
    readonly title: string,
  ) {}

  region(): Locator {
    return this.frame.getByRole("region", { name: this.title, exact: true });
  }

  /** Picks the period (YYYY-MM-DD, the last day included) and shows its report. */
  async pickPeriod(from: string, to: string): Promise<void> {
    const region = this.region();
    await region.getByLabel("From", { exact: true }).fill(from);
    await region.getByLabel("To", { exact: true }).fill(to);
    await region.getByRole("button", { name: "Show report" }).press("Enter");
  }

  /** A table of the report by caption: its rows as cell texts. */
  async seeTable(caption: string): Promise<string[][]> {
    const table = this.region().getByRole("table", { name: caption, exact: true });
    await table.waitFor();
    return table
      .locator("tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")),
      );
  }

  /** Presses the download button; returns the file the browser received. */
  async downloadCsv(page: Page): Promise<Download> {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      this.region().getByRole("button", { name: "Download itemized CSV" }).press("Enter"),
    ]);
    return download;
  }
}

/** RFC 4180 CSV (quoted cells, doubled quotes) into rows of cells, by csv-parse. */
export function parseCsv(text: string): string[][] {
  return parse(text, { relax_column_count: false }) as string[][];
}
