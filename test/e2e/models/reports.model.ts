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

/** RFC 4180 CSV (quoted cells, doubled quotes) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
