// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { I18nProvider, loadCatalogue } from "../i18n/provider.tsx";
import { type FieldError, MoneyInput, NumberInput, Select } from "./index.ts";

afterEach(cleanup);
// The views' wording is under test, not catalogue loading: the catalogues are in before they render.
beforeAll(() => Promise.all((["de-DE", "ja-JP"] as const).map((locale) => loadCatalogue(locale))));

const inLocale = (ui: ReactNode, locale = "en-US") =>
  render(<I18nProvider locale={locale}>{ui}</I18nProvider>);

const errorOf = (input: HTMLElement) => {
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(" | ");
};

describe("Select", () => {
  const countries = [
    { value: "de", label: "Germany" },
    { value: "fr", label: "France" },
    { value: "gb", label: "United Kingdom", disabled: true },
  ];

  it("is a native combobox named by its label that reports the chosen value", () => {
    const onChange = vi.fn();
    inLocale(
      <Select
        label="Country"
        value=""
        placeholder="Choose a country"
        options={countries}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole("combobox", { name: "Country" });
    expect(select.localName).toBe("select");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Choose a country",
      "Germany",
      "France",
      "United Kingdom",
    ]);
    expect(screen.getByRole("option", { name: "United Kingdom" }).hasAttribute("disabled")).toBe(
      true,
    );
    fireEvent.change(select, { target: { value: "fr" } });
    expect(onChange).toHaveBeenCalledWith("fr");
  });

  it("ties its field error to the select, in the user's language", async () => {
    inLocale(
      <Select
        label="Land"
        value=""
        options={countries}
        onChange={() => {}}
        error={{ code: "required" }}
        required
      />,
      "de-DE",
    );
    const select = await screen.findByRole("combobox", { name: "Land" });
    expect(select.getAttribute("aria-invalid")).toBe("true");
    await screen.findByText(/erforderlich|Pflichtfeld|aus/);
    expect(errorOf(select)).not.toBe("");
    expect(errorOf(select)).not.toContain("This field is required.");
  });
});

function MoneyPage({
  currency = "usd",
  initial = null,
  onValue,
  min,
  max,
  error,
}: {
  currency?: string;
  initial?: number | null;
  onValue?: (minor: number | null, error?: FieldError) => void;
  min?: number;
  max?: number;
  error?: FieldError;
}) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <MoneyInput
        label="Amount"
        currency={currency}
        value={value}
        min={min}
        max={max}
        error={error}
        onValueChange={(minor, err) => {
          onValue?.(minor, err);
          setValue(minor);
        }}
      />
      <button type="button" onClick={() => setValue(999)}>
        Set from outside
      </button>
    </>
  );
}

describe("MoneyInput", () => {
  it("hands out integer minor units of what the user types, named with the currency", () => {
    const onValue = vi.fn();
    inLocale(<MoneyPage onValue={onValue} />);
    const input = screen.getByRole("textbox", { name: "Amount" });
    expect(input.getAttribute("inputmode")).toBe("decimal");
    expect(errorOf(input)).toContain("US Dollar (USD)");
    fireEvent.change(input, { target: { value: "1,234.5" } });
    expect(onValue).toHaveBeenLastCalledWith(123450, undefined);
    expect((input as HTMLInputElement).value).toBe("1,234.5");
  });

  it("reads the locale's decimal comma and a zero-decimal currency", async () => {
    const onValue = vi.fn();
    inLocale(<MoneyPage currency="eur" onValue={onValue} />, "de-DE");
    const input = await screen.findByRole("textbox", { name: "Amount" });
    fireEvent.change(input, { target: { value: "12,34" } });
    expect(onValue).toHaveBeenLastCalledWith(1234, undefined);
    cleanup();
    inLocale(<MoneyPage currency="jpy" onValue={onValue} />, "ja-JP");
    const yen = await screen.findByRole("textbox", { name: "Amount" });
    expect(yen.getAttribute("inputmode")).toBe("numeric");
    fireEvent.change(yen, { target: { value: "500" } });
    expect(onValue).toHaveBeenLastCalledWith(500, undefined);
  });

  it("refuses more decimals than the currency has, with a field error once the field is left", () => {
    const onValue = vi.fn();
    inLocale(<MoneyPage onValue={onValue} />);
    const input = screen.getByRole("textbox", { name: "Amount" });
    fireEvent.change(input, { target: { value: "1.234" } });
    expect(onValue).toHaveBeenLastCalledWith(null, {
      code: "custom",
      message: "Too many decimal places for this currency.",
    });
    expect(input.getAttribute("aria-invalid")).toBeNull();
    fireEvent.blur(input);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(input)).toContain("Too many decimal places for this currency.");
    // The text the user typed stays, so they can fix it.
    expect((input as HTMLInputElement).value).toBe("1.234");
  });

  it("words unreadable text and bounds as field errors, the bound formatted as money", () => {
    inLocale(<MoneyPage min={100} max={50000} />);
    const input = screen.getByRole("textbox", { name: "Amount" });
    fireEvent.blur(input);
    fireEvent.change(input, { target: { value: "12..3" } });
    expect(errorOf(input)).toContain("Enter a valid value.");
    fireEvent.change(input, { target: { value: "0.5" } });
    expect(errorOf(input)).toContain("Enter $1.00 or more.");
    fireEvent.change(input, { target: { value: "501" } });
    expect(errorOf(input)).toContain("Enter $500.00 or less.");
    fireEvent.change(input, { target: { value: "500" } });
    expect(input.getAttribute("aria-invalid")).toBeNull();
  });

  it("shows a value the form sets from outside, and the form's own error over its own", () => {
    inLocale(<MoneyPage initial={1234} error={{ code: "custom", message: "Over your balance" }} />);
    const input = screen.getByRole("textbox", { name: "Amount" }) as HTMLInputElement;
    expect(input.value).toBe("12.34");
    expect(errorOf(input)).toContain("Over your balance");
    fireEvent.click(screen.getByRole("button", { name: "Set from outside" }));
    expect(input.value).toBe("9.99");
  });
});

describe("NumberInput", () => {
  it("reads numbers in the locale's format and checks bounds", async () => {
    const onValue = vi.fn();
    function Page() {
      const [value, setValue] = useState<number | null>(null);
      return (
        <NumberInput
          label="Anzahl"
          value={value}
          min={1}
          max={10000}
          onValueChange={(n, e) => {
            onValue(n, e);
            setValue(n);
          }}
        />
      );
    }
    inLocale(<Page />, "de-DE");
    const input = await screen.findByRole("textbox", { name: "Anzahl" });
    fireEvent.change(input, { target: { value: "2,5" } });
    expect(onValue).toHaveBeenLastCalledWith(2.5, undefined);
    fireEvent.change(input, { target: { value: "20.000" } });
    expect(onValue).toHaveBeenLastCalledWith(null, {
      code: "custom",
      message: "Geben Sie höchstens 10.000 ein.",
    });
    // An out-of-range value stays on screen for the user to fix.
    expect((input as HTMLInputElement).value).toBe("20.000");
  });
});
