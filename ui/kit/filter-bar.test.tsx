// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { paymentsFilterSpec } from "../../protocol/filters.ts";
import { I18nProvider, loadCatalogue } from "../i18n/provider.tsx";
import { FilterBar, type FilterValues, filterDefinitions } from "./index.ts";

afterEach(cleanup);
beforeAll(() => loadCatalogue("de-DE"));

// The value model (checking, setting, query parameters) is protocol/filters.ts, tested there;
// these tests are the bar's: what a person sees and does.
const filters = filterDefinitions(paymentsFilterSpec, [
  { name: "amount", label: "Amount", currency: "usd" },
  { name: "created", label: "Date" },
  {
    name: "status",
    label: "Status",
    optionLabels: { succeeded: "Succeeded", refunded: "Refunded", failed: "Failed" },
  },
  { name: "payment_method", label: "Payment method", optionLabels: { card: "Card" } },
  { name: "customer_email", label: "Customer email" },
  { name: "metadata", label: "Metadata" },
]);

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
          amount: { greater_than: 1000 },
          status: ["succeeded", "failed"],
          created: { between: { start: "2024-01-01", end: "2024-01-31" } },
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
      "Metadata",
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
    expect(onValues).toHaveBeenLastCalledWith({ customer_email: "ada@example.com" });
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
    expect(onValues).toHaveBeenLastCalledWith({
      amount: { between: { lower_bound: 1000, upper_bound: 2550 } },
    });
  });

  it("the date editor filters before a day, and refuses a range that ends before it starts", () => {
    const onValues = vi.fn();
    inLocale(<Controlled onValues={onValues} />);
    fireEvent.click(screen.getByRole("button", { name: "Date" }));
    const dialog = screen.getByRole("dialog", { name: "Date" });
    const inputs = () => dialog.querySelectorAll<HTMLInputElement>('input[type="date"]');
    fireEvent.change(inputs()[0]!, { target: { value: "2024-03-10" } });
    fireEvent.change(inputs()[1]!, { target: { value: "2024-03-01" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(onValues).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole("combobox", { name: "Comparison" }), {
      target: { value: "before" },
    });
    fireEvent.change(inputs()[0]!, { target: { value: "2024-03-10" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(onValues).toHaveBeenLastCalledWith({ created: { before: "2024-03-10" } });
    expect(screen.getByRole("button", { name: /^Date/ }).textContent).toBe("Date: < Mar 10, 2024");
  });

  it("the metadata editor takes one key and value", () => {
    const onValues = vi.fn();
    inLocale(<Controlled onValues={onValues} />);
    fireEvent.click(screen.getByRole("button", { name: "Metadata" }));
    const dialog = screen.getByRole("dialog", { name: "Metadata" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Metadata key" }), {
      target: { value: " order " },
    });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Value" }), {
      target: { value: "A-17" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Apply" }));
    expect(onValues).toHaveBeenLastCalledWith({ metadata: { key: "order", value: "A-17" } });
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
      <Controlled
        initial={{ customer_email: "ada@example.com", status: ["failed"] }}
        onValues={onValues}
      />,
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
