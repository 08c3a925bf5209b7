// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { VolumeReport } from "../../../protocol/objects/volume-report.schema.ts";
import { I18nProvider, loadCatalogue } from "../../i18n/provider.tsx";
import { VolumeChartView } from "./volume-chart.view.tsx";

afterEach(cleanup);
beforeAll(() => loadCatalogue("fr-FR"));

const inLocale = (ui: ReactNode, locale = "en-US") =>
  render(<I18nProvider locale={locale}>{ui}</I18nProvider>);

/** March 2025 and April 2025 in UTC. */
const report: VolumeReport = {
  object: "volume_report",
  report_name: "gross_volume",
  interval_type: "month",
  interval_start: 1_740_787_200,
  interval_end: 1_744_000_000,
  time_zone: "UTC",
  currency: "usd",
  total: 35_000,
  points: [
    { start: 1_740_787_200, end: 1_743_465_600, amount: 15_000, count: 2 },
    { start: 1_743_465_600, end: 1_746_057_600, amount: 20_000, count: 1 },
  ],
};

const base = { title: "Gross volume", errorText: null, requestId: null, onRetry: () => {} };

describe("VolumeChartView", () => {
  it("names the figure with its total, and tables every period by month", () => {
    inLocale(<VolumeChartView {...base} status="loaded" report={report} />);
    const figure = screen.getByRole("figure");
    expect(figure.querySelector("figcaption")?.textContent).toBe("Gross volume Total: $350.00");
    const rows = within(screen.getByRole("table"))
      .getAllByRole("row")
      .map((r) => r.textContent);
    expect(rows).toEqual(["MonthAmount", "March 2025$150.00", "April 2025$200.00"]);
  });

  it("in French, says the weeks by their first day", () => {
    inLocale(
      <VolumeChartView
        {...base}
        status="loaded"
        report={{ ...report, interval_type: "week" }}
        title="Volume brut"
      />,
      "fr-FR",
    );
    const header = within(screen.getByRole("table")).getAllByRole("columnheader")[0];
    expect(header?.textContent).toBe("Semaine du");
    expect(screen.getByRole("figure").textContent).toContain("Total : 350,00");
  });

  it("shows the empty state, and a failure with its retry and request reference", () => {
    inLocale(
      <VolumeChartView {...base} status="empty" report={{ ...report, points: [], total: 0 }} />,
    );
    expect(screen.getByRole("heading").textContent).toBe("No payments in this period");
    cleanup();
    const onRetry = vi.fn();
    inLocale(
      <VolumeChartView
        {...base}
        status="failed"
        report={null}
        requestId="req_123"
        errorText="Your money is secure, but your information cannot be loaded here."
        onRetry={onRetry}
      />,
    );
    expect(screen.getByText("Request reference: req_123")).toBeTruthy();
    screen.getByRole("button", { name: "Retry" }).click();
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
