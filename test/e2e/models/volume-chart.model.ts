import type { Frame, Page } from "playwright-core";

/** One row of a volume chart's table as a person reads it: the period and its amount. */
export interface VolumeChartRow {
  period: string;
  amount: string;
}

/**
 * A volume chart (`reporting-chart`, `earnings-chart`) as a person sees it (en-US): its title
 * and total, and the table of its figures behind the "Show the data as a table" disclosure,
 * opened from the keyboard.
 */
export class VolumeChartModel {
  constructor(readonly frame: Frame) {}

  figure() {
    return this.frame.locator("figure.kit-chart");
  }

  /** The caption: the title and the total ("Gross volume Total: $1,234.00"). */
  async seeCaption(): Promise<string> {
    return (await this.figure().locator("figcaption").innerText()).replace(/\s+/g, " ").trim();
  }

  /** What one point stands for, as the chart says (`data-interval`). */
  async seeIntervalType(): Promise<string | null> {
    return this.frame.locator(".volume-chart").getAttribute("data-interval");
  }

  /** Opens the table (focus on its disclosure, Enter) and reads every row. */
  async seeRows(): Promise<VolumeChartRow[]> {
    const details = this.figure().locator("details.kit-chart__data");
    if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) {
      const summary = details.locator("summary");
      await summary.focus();
      await summary.press("Enter");
    }
    const rows = details.locator("tbody tr");
    await rows.first().waitFor();
    return rows.evaluateAll((trs) =>
      trs.map((tr) => ({
        period: (tr.querySelector("th")?.textContent ?? "").trim(),
        amount: (tr.querySelector("td")?.textContent ?? "").replace(/\s/g, " ").trim(),
      })),
    );
  }

  /** The empty state's title, once shown. */
  async seeEmpty(): Promise<string> {
    return this.frame.locator(".volume-chart .kit-empty h2").innerText();
  }
}

/** The example platform's controls of its reporting chart (its own toolbar). */
export class ReportingChartControls {
  constructor(readonly page: Page) {}

  private section() {
    return this.page.locator('section[aria-label="reporting-chart"]');
  }

  async chooseReport(value: "gross_volume" | "net_volume") {
    await this.section().getByLabel("Report", { exact: true }).selectOption(value);
  }

  async chooseInterval(value: "" | "day" | "week" | "month") {
    await this.section().getByLabel("Interval", { exact: true }).selectOption(value);
  }

  /** Types a date (YYYY-MM-DD, or "" to clear) into From or To. */
  async fillDate(which: "From" | "To", value: string) {
    const input = this.section().getByLabel(which, { exact: true });
    await input.fill(value);
  }

  /** The message of the element's last `inputerror`, as the platform shows it. */
  inputError() {
    return this.section().locator('output[name="reporting-chart-input-error"]').innerText();
  }
}
