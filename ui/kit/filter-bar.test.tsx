// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { I18nProvider, loadCatalogue } from "../i18n/provider.tsx";
import {
  activeFilterCount,
  checkFilter,
  clearFilter,
  FilterBar,
  type FilterDefinition,
  type FilterValues,
  filterQuery,
  filterQueryString,
  setFilter,
} from "./index.ts";

afterEach(cleanup);
beforeAll(() => loadCatalogue("de-DE"));

const filters: FilterDefinition[] = [
  { kind: "amount", id: "amount", label: "Amount", currency: "usd" },
  { kind: "date", id: "created", label: "Date" },
  {
    kind: "choice",
    id: "status",
    label: "Status",
    options: [
      { value: "succeeded", label: "Succeeded" },
      { value: "refunded", label: "Refunded" },
      { value: "failed", label: "Failed" },
    ],
  },
  {
    kind: "choice",
    id: "method",
    label: "Payment method",
    param: "payment_method_type",
    options: [
      { value: "card", label: "Card" },
      { value: "sepa_debit", label: "SEPA Direct Debit" },
    ],
  },
  {
    kind: "text",
    id: "email",
    label: "Customer email",
    inputType: "email",
    param: "customer_email",
  },
];

describe("the filter value model", () => {
  it("serialises every kind into the list API's query parameters, in the filters' order", () => {
    const values: FilterValues = {
      email: "ada@example.com",
      status: ["succeeded", "refunded"],
      amount: { op: "between", min: 1000, max: 5000 },
      created: { start: "2024-01-01", end: "2024-01-31" },
      method: ["card"],
    };
    expect(filterQuery(filters, values)).toEqual([
      ["amount[gte]", "1000"],
      ["amount[lte]", "5000"],
      ["created[gte]", "2024-01-01"],
      ["created[lte]", "2024-01-31"],
      ["status[]", "succeeded"],
      ["status[]", "refunded"],
      ["payment_method_type[]", "card"],
      ["customer_email", "ada@example.com"],
    ]);
    expect(filterQueryString(filters, { amount: { op: "greater", amount: 1000 } })).toBe(
      "amount%5Bgt%5D=1000",
    );
  });

  it("amount: equal, greater and less become amount, amount[gt] and amount[lt]", () => {
    const q = (op: "equal" | "greater" | "less") =>
      filterQuery(filters, { amount: { op, amount: 250 } });
    expect(q("equal")).toEqual([["amount", "250"]]);
    expect(q("greater")).toEqual([["amount[gt]", "250"]]);
    expect(q("less")).toEqual([["amount[lt]", "250"]]);
  });

  it("an open-ended date range sends only its bound", () => {
    expect(filterQuery(filters, { created: { start: "", end: "2024-02-29" } })).toEqual([
      ["created[lte]", "2024-02-29"],
    ]);
  });

  it("refuses a bad value with a typed problem and changes nothing", () => {
    const values: FilterValues = { status: ["failed"] };
    const cases: [string, unknown, string][] = [
      ["amount", { op: "between", min: 5000, max: 1000 }, "range_order"],
      ["amount", { op: "greater", amount: 12.5 }, "not_an_amount"],
      ["amount", { op: "less", amount: -1 }, "negative"],
      ["created", { start: "2024-02-30", end: "" }, "invalid_date"],
      ["created", { start: "2024-03-01", end: "2024-02-01" }, "range_order"],
      ["created", { start: "", end: "" }, "empty"],
      ["status", [], "empty"],
      ["status", ["lost"], "unknown_option"],
      ["email", "not an email", "invalid_email"],
      ["email", "   ", "empty"],
    ];
    for (const [id, value, code] of cases) {
      const result = setFilter(filters, values, id, value as never);
      expect(result.problem?.code, `${id} ${JSON.stringify(value)}`).toBe(code);
      expect(result.values).toBe(values);
    }
    expect(() => setFilter(filters, values, "nope", "x")).toThrow(/no filter "nope"/);
  });

  it("sets, trims, clears and counts filters", () => {
    let values: FilterValues = {};
    values = setFilter(filters, values, "email", "  ada@example.com ").values;
    expect(values).toEqual({ email: "ada@example.com" });
    values = setFilter(filters, values, "status", ["failed"]).values;
    expect(activeFilterCount(values)).toBe(2);
    values = clearFilter(values, "email");
    expect(values).toEqual({ status: ["failed"] });
    expect(checkFilter(filters[0]!, { op: "equal", amount: 0 })).toBeUndefined();
  });
});

function Controlled({
  initial = {},
  onValues,
}: {
  initial?: FilterValues;
  onValues?: (v: FilterValues) => void;
}) {
  const [values, setValues] = useState(initial);
  return (
    <FilterBar
      filters={filters}
      values={values}
      onChange={(v) => {
        setValues(v);
        onValues?.(v);
      }}
    />
  );
}

const inLocale = (ui: ReactNode, locale = "en-US") =>
  render(<I18nProvider locale={locale}>{ui}</I18nProvider>);

describe("FilterBar", () => {
  it("is a named toolbar with one chip per filter; set chips show their value", () => {
    inLocale(
      <Controlled
        initial={{
          amount: { op: "greater", amount: 1000 },
          status: ["succeeded", "failed"],
          created: { start: "2024-01-01", end: "2024-01-31" },
        }}
      />,
    );
    const bar = screen.getByRole("toolbar", { name: "Filter the list" });
    const chips = within(bar)
      .getAllByRole("button")
      .filter((b) => b.getAttribute("aria-haspopup") === "dialog");
    expect(chips.map((c) => c.textContent?.replace(/\s/g, " "))).toEqual([
      "Amount: > $10.00",
      "Date: Jan 1 – 31, 2024",
      "Status: Succeeded or Failed",
      "Payment method",
      "Customer email",
    ]);
  });

  it("a chip opens its editor as a dialog with focus inside; Escape closes it and returns focus", () => {
    inLocale(<Controlled />);
    const chip = screen.getByRole("button", { name: "Customer email" });
    fireEvent.click(chip);
    expect(chip.getAttribute("aria-expanded")).toBe("true");
    const dialog = screen.getByRole("dialog", { name: "Customer email" });
    expect(document.activeElement).toBe(within(dialog).getByRole("textbox"));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(chip);
  });

  it("Apply checks the value: a bad email keeps the editor open with the error; a good one filters", () => {
    const onValues = vi.fn();
    inLocale(<Controlled onValues={onValues} />);
    fireEvent.click(screen.getByRole("button", { name: "Customer email" }));
    const dialog = screen.getByRole("dialog");
    const box = within(dialog).getByRole("textbox");
    fireEvent.change(box, { target: { value: "nope" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(onValues).not.toHaveBeenCalled();
    expect(box.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(box, { target: { value: "ada@example.com" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(onValues).toHaveBeenLastCalledWith({ email: "ada@example.com" });
    expect(screen.queryByRole("dialog")).toBeNull();
    const chip = screen.getByRole("button", { name: /^Customer email/ });
    expect(chip.textContent).toBe("Customer email: ada@example.com");
    expect(document.activeElement).toBe(chip);
  });

  it("the amount editor compares between two amounts", () => {
    const onValues = vi.fn();
    inLocale(<Controlled onValues={onValues} />);
    fireEvent.click(screen.getByRole("button", { name: "Amount" }));
    const dialog = screen.getByRole("dialog", { name: "Amount" });
    fireEvent.change(within(dialog).getByRole("combobox", { name: "Comparison" }), {
      target: { value: "between" },
    });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "From" }), {
      target: { value: "10" },
    });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Up to" }), {
      target: { value: "25.50" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(onValues).toHaveBeenLastCalledWith({ amount: { op: "between", min: 1000, max: 2550 } });
  });

  it("status is a multiple choice", () => {
    const onValues = vi.fn();
    inLocale(<Controlled onValues={onValues} />);
    fireEvent.click(screen.getByRole("button", { name: "Status" }));
    const dialog = screen.getByRole("dialog", { name: "Status" });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Failed" }));
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Succeeded" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(onValues).toHaveBeenLastCalledWith({ status: ["succeeded", "failed"] });
  });

  it("removes one filter by its named button, and all with Clear all", () => {
    const onValues = vi.fn();
    inLocale(
      <Controlled initial={{ email: "ada@example.com", status: ["failed"] }} onValues={onValues} />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Remove filter: Customer email" }));
    expect(onValues).toHaveBeenLastCalledWith({ status: ["failed"] });
    fireEvent.click(screen.getByRole("button", { name: "Clear all" }));
    expect(onValues).toHaveBeenLastCalledWith({});
    expect(screen.queryByRole("button", { name: "Clear all" })).toBeNull();
  });

  it("speaks the user's language", () => {
    inLocale(<Controlled initial={{ status: ["failed"] }} />, "de-DE");
    expect(screen.getByRole("toolbar", { name: "Liste filtern" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Filter entfernen: Status" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Alle löschen" })).toBeTruthy();
  });
});
