// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { I18nProvider, loadCatalogue } from "../i18n/provider.tsx";
import {
  DateInput,
  type DateRange,
  DateRangeInput,
  type FieldError,
  isIsoDate,
  PhoneInput,
} from "./index.ts";
import { PhoneInputPending } from "./phone-input.view.tsx";
import { parsePhoneInput } from "./phone-input-field.view.tsx";

afterEach(cleanup);
// The views' wording is under test, not catalogue loading: the catalogues are in before they render.
beforeAll(() => Promise.all((["de-DE"] as const).map((locale) => loadCatalogue(locale))));

const inLocale = (ui: ReactNode, locale = "en-US") =>
  render(<I18nProvider locale={locale}>{ui}</I18nProvider>);

const describedText = (input: HTMLElement) =>
  (input.getAttribute("aria-describedby")?.split(" ") ?? [])
    .map((id) => document.getElementById(id)?.textContent)
    .join(" | ");

describe("DateInput", () => {
  it("is a native date input named by its label, with min and max", () => {
    const onValueChange = vi.fn();
    inLocale(
      <DateInput
        label="Payout date"
        value=""
        min="2024-01-01"
        max="2024-12-31"
        onValueChange={onValueChange}
      />,
    );
    const input = screen.getByLabelText("Payout date") as HTMLInputElement;
    expect(input.type).toBe("date");
    expect(input.min).toBe("2024-01-01");
    expect(input.max).toBe("2024-12-31");
    fireEvent.change(input, { target: { value: "2024-03-05" } });
    expect(onValueChange).toHaveBeenCalledWith("2024-03-05", undefined);
  });

  it("refuses a date out of bounds, naming the bound in the user's locale", async () => {
    const onValueChange = vi.fn();
    inLocale(
      <DateInput label="Datum" value="2023-12-31" min="2024-01-01" onValueChange={onValueChange} />,
      "de-DE",
    );
    const input = await screen.findByLabelText("Datum");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(describedText(input)).toBe("Geben Sie ein Datum ab dem 01.01.2024 ein.");
  });

  it("only real calendar days are dates", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
    expect(isIsoDate("2024-1-5")).toBe(false);
  });
});

function RangePage({ onChange }: { onChange: (r: DateRange, e?: FieldError) => void }) {
  const [range, setRange] = useState<DateRange>({ start: "2024-03-10", end: "" });
  return (
    <DateRangeInput
      label="Period"
      value={range}
      onValueChange={(r, e) => {
        onChange(r, e);
        setRange(r);
      }}
    />
  );
}

describe("DateRangeInput", () => {
  it("is a group named by its legend with a start and an end date; the end cannot precede the start", () => {
    const onChange = vi.fn();
    inLocale(<RangePage onChange={onChange} />);
    const group = screen.getByRole("group", { name: "Period" });
    const start = within(group).getByLabelText("Start date") as HTMLInputElement;
    const end = within(group).getByLabelText("End date") as HTMLInputElement;
    expect(end.min).toBe("2024-03-10");
    fireEvent.change(end, { target: { value: "2024-03-01" } });
    expect(onChange).toHaveBeenLastCalledWith(
      { start: "2024-03-10", end: "2024-03-01" },
      { code: "custom", message: "The end date must be on or after the start date." },
    );
    expect(end.getAttribute("aria-invalid")).toBe("true");
    expect(describedText(end)).toBe("The end date must be on or after the start date.");
    expect(start.getAttribute("aria-invalid")).toBeNull();
    fireEvent.change(end, { target: { value: "2024-03-10" } });
    expect(onChange).toHaveBeenLastCalledWith(
      { start: "2024-03-10", end: "2024-03-10" },
      undefined,
    );
    expect(end.getAttribute("aria-invalid")).toBeNull();
  });
});

function PhonePage({ onValue }: { onValue: (v: string | null, e?: FieldError) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <PhoneInput
      label="Phone"
      defaultCountry="DE"
      value={value}
      onValueChange={(v, e) => {
        onValue(v, e);
        setValue(v);
      }}
    />
  );
}

/** The phone field once its chunk has loaded (the input is enabled). */
const loadedPhoneInput = () =>
  waitFor(() => {
    const input = screen.getByRole("textbox", { name: "Phone" }) as HTMLInputElement;
    expect(input.disabled).toBe(false);
    return input;
  });

describe("PhoneInput", () => {
  it("parses and validates with libphonenumber and hands out E.164", () => {
    expect(parsePhoneInput("030 1234567", "DE")).toEqual({ ok: true, e164: "+49301234567" });
    expect(parsePhoneInput("+1 415 555 2671", "DE")).toEqual({ ok: true, e164: "+14155552671" });
    expect(parsePhoneInput("12", "DE")).toEqual({ ok: false });
    expect(parsePhoneInput("", "DE")).toEqual({ ok: true, e164: null });
  });

  it("while libphonenumber's chunk loads, the field is the same tel input, disabled, showing the value; a chunk that failed says so", () => {
    const props = { label: "Phone", defaultCountry: "DE", onValueChange: () => {} } as const;
    inLocale(<PhoneInputPending {...props} value="+49301234567" />);
    const pending = screen.getByRole("textbox", { name: "Phone" }) as HTMLInputElement;
    expect(pending.type).toBe("tel");
    expect(pending.disabled).toBe(true);
    expect(pending.value).toBe("+49301234567");
    expect(pending.getAttribute("aria-invalid")).toBeNull();
    cleanup();
    inLocale(<PhoneInputPending {...props} value={null} unavailable />);
    const failed = screen.getByRole("textbox", { name: "Phone" });
    expect(failed.getAttribute("aria-invalid")).toBe("true");
    expect(describedText(failed)).toBe("Something went wrong");
  });

  it("is a tel input; a valid national number goes out in E.164 and shows internationally once left", async () => {
    const onValue = vi.fn();
    inLocale(<PhonePage onValue={onValue} />);
    const input = await loadedPhoneInput();
    expect(input.type).toBe("tel");
    expect(input.getAttribute("autocomplete")).toBe("tel");
    fireEvent.change(input, { target: { value: "030 1234567" } });
    expect(onValue).toHaveBeenLastCalledWith("+49301234567", undefined);
    fireEvent.blur(input);
    expect(input.value).toBe("+49 30 1234567");
  });

  it("an invalid number is refused with a field error after the field is left", async () => {
    const onValue = vi.fn();
    inLocale(<PhonePage onValue={onValue} />);
    const input = await loadedPhoneInput();
    fireEvent.change(input, { target: { value: "0301" } });
    expect(onValue).toHaveBeenLastCalledWith(null, {
      code: "custom",
      message: "Enter a valid phone number.",
    });
    expect(input.getAttribute("aria-invalid")).toBeNull();
    fireEvent.blur(input);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(describedText(input)).toBe("Enter a valid phone number.");
  });
});
