// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { I18nProvider, loadCatalogue } from "../i18n/provider.tsx";
import { Chart, chartSummary } from "./chart.view.tsx";
import { VirtualTable, type VirtualTableProps } from "./virtual-table.view.tsx";

afterEach(cleanup);
beforeAll(() => loadCatalogue("de-DE"));

// happy-dom computes no layout: give the grid's scroller a 400px viewport and rows 44px, as a
// browser would, so the virtualiser has something to measure.
beforeAll(() => {
  const height = (el: HTMLElement) =>
    el.classList.contains("kit-vtable") ? 400 : el.getAttribute("role") === "row" ? 44 : 0;
  for (const axis of ["offset", "client"]) {
    Object.defineProperty(HTMLElement.prototype, `${axis}Height`, {
      configurable: true,
      get(this: HTMLElement) {
        return height(this);
      },
    });
    Object.defineProperty(HTMLElement.prototype, `${axis}Width`, {
      configurable: true,
      get: () => 600,
    });
  }
  const rect = HTMLElement.prototype.getBoundingClientRect;
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    const h = height(this);
    return h
      ? ({ ...rect.call(this).toJSON(), height: h, width: 600 } as DOMRect)
      : rect.call(this);
  };
});

const inLocale = (ui: ReactNode, locale = "en-US") =>
  render(<I18nProvider locale={locale}>{ui}</I18nProvider>);

interface Row {
  id: string;
  n: number;
}
const rows = (count: number, from = 0): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: `row_${from + i}`, n: from + i }));

const table = (props: Partial<VirtualTableProps<Row>> & { rows: Row[] }) => (
  <VirtualTable
    label="Payments"
    columns={[
      { id: "id", header: "ID", cell: (r) => r.id },
      { id: "n", header: "Number", cell: (r) => r.n, align: "end" },
    ]}
    rowKey={(r) => r.id}
    {...props}
  />
);

describe("VirtualTable", () => {
  it("renders only the rows in view of thousands, each with its place in the whole list", () => {
    inLocale(table({ rows: rows(5000) }));
    const grid = screen.getByRole("grid", { name: "Payments" });
    expect(grid.getAttribute("aria-rowcount")).toBe("5001");
    const bodyRows = within(grid).getAllByRole("row").slice(1);
    expect(bodyRows.length).toBeGreaterThan(5);
    expect(bodyRows.length).toBeLessThan(60);
    expect(bodyRows[0]!.getAttribute("aria-rowindex")).toBe("2");
    expect(
      within(grid)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["ID", "Number"]);
  });

  it("is one Tab stop; arrows, Page and Home/End move the active row, Enter activates it", () => {
    const onRowActivate = vi.fn();
    inLocale(table({ rows: rows(5000), onRowActivate }));
    const grid = screen.getByRole("grid");
    expect(grid.tabIndex).toBe(0);
    const active = () => document.getElementById(grid.getAttribute("aria-activedescendant")!);
    expect(active()?.textContent).toBe("row_00");
    fireEvent.keyDown(grid, { key: "ArrowDown" });
    fireEvent.keyDown(grid, { key: "ArrowDown" });
    expect(active()?.getAttribute("aria-rowindex")).toBe("4");
    fireEvent.keyDown(grid, { key: "ArrowUp" });
    fireEvent.keyDown(grid, { key: "Enter" });
    expect(onRowActivate).toHaveBeenCalledWith({ id: "row_1", n: 1 });
    fireEvent.keyDown(grid, { key: "Home" });
    fireEvent.keyDown(grid, { key: "ArrowUp" });
    expect(active()?.getAttribute("aria-rowindex")).toBe("2");
    fireEvent.keyDown(grid, { key: "PageDown" });
    expect(Number(active()?.getAttribute("aria-rowindex"))).toBeGreaterThan(3);
    fireEvent.keyDown(grid, { key: "End" });
    // The active row is in the DOM even before the scroll reaches it.
    expect(active()?.getAttribute("aria-rowindex")).toBe("5001");
    fireEvent.keyDown(grid, { key: "Enter" });
    expect(onRowActivate).toHaveBeenLastCalledWith({ id: "row_4999", n: 4999 });
  });

  it("asks for more when the end of a short list is in view, once, and not while loading", () => {
    const onLoadMore = vi.fn();
    const view = inLocale(table({ rows: rows(5), hasMore: true, onLoadMore }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("grid").getAttribute("aria-rowcount")).toBe("-1");
    view.rerender(
      <I18nProvider locale="en-US">
        {table({ rows: rows(5), hasMore: true, onLoadMore, loadingMore: true })}
      </I18nProvider>,
    );
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    expect(screen.getAllByText("Loading…").length).toBeGreaterThan(0);
  });

  it("does not ask for more while the end is far away", () => {
    const onLoadMore = vi.fn();
    inLocale(table({ rows: rows(1000), hasMore: true, onLoadMore, totalCount: 20000 }));
    expect(onLoadMore).not.toHaveBeenCalled();
    expect(screen.getByRole("grid").getAttribute("aria-rowcount")).toBe("20001");
  });
});

const day = (d: number) => Date.UTC(2024, 0, d) / 1000;
const points = [
  { seconds: day(1), amount: 120000 },
  { seconds: day(2), amount: 80050 },
  { seconds: day(3), amount: 150000 },
  { seconds: day(4), amount: 99900 },
];

describe("Chart", () => {
  it("summarises the series: first and last day, lowest, highest, latest", () => {
    expect(chartSummary(points)).toEqual({
      start: day(1),
      end: day(4),
      min: 80050,
      max: 150000,
      latest: 99900,
    });
    expect(chartSummary([])).toBeUndefined();
  });

  it("is a named figure whose canvas is hidden from assistive technology and whose summary is text", () => {
    inLocale(
      <Chart
        title="Gross volume"
        points={points}
        currency="usd"
        valueLabel="Volume"
        timeZone="UTC"
      />,
    );
    const figure = screen.getByRole("figure", { name: "Gross volume" });
    expect(figure.querySelector(".kit-chart__plot")?.getAttribute("aria-hidden")).toBe("true");
    expect(figure.textContent).toContain(
      "Jan 1, 2024 to Jan 4, 2024: lowest $800.50, highest $1,500.00, latest $999.00.",
    );
  });

  it("has a data table fallback with every point, money formatted per locale", () => {
    inLocale(
      <Chart title="Umsatz" points={points} currency="eur" valueLabel="Betrag" timeZone="UTC" />,
      "de-DE",
    );
    expect(screen.getByText("Daten als Tabelle anzeigen")).toBeTruthy();
    const table = screen.getByRole("table");
    const cells = within(table)
      .getAllByRole("row")
      .map((r) => r.textContent?.replace(/\s/g, " "));
    expect(cells).toEqual([
      "TagBetrag",
      "01.01.20241.200,00 €",
      "02.01.2024800,50 €",
      "03.01.20241.500,00 €",
      "04.01.2024999,00 €",
    ]);
  });
});
