// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { I18nProvider, loadCatalogue } from "../i18n/provider.tsx";
import { type FieldError, TextField } from "./text-field.view.tsx";

afterEach(cleanup);
// The views' wording is under test, not catalogue loading: the catalogues are in before they render.
beforeAll(() => Promise.all((["pl-PL"] as const).map((locale) => loadCatalogue(locale))));

function Controlled({ error, onChange }: { error?: FieldError; onChange?: (v: string) => void }) {
  const [value, setValue] = useState("");
  return (
    <TextField
      label="Email"
      description="We send receipts here."
      type="email"
      value={value}
      error={error}
      required
      onChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
    />
  );
}

const inLocale = (ui: React.ReactNode, locale = "en-US") =>
  render(<I18nProvider locale={locale}>{ui}</I18nProvider>);

describe("TextField", () => {
  it("is a textbox named by its label and described by its help text", () => {
    inLocale(<Controlled />);
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input.getAttribute("type")).toBe("email");
    expect(input.hasAttribute("required")).toBe(true);
    const describedBy = input.getAttribute("aria-describedby")!;
    expect(document.getElementById(describedBy)!.textContent).toBe("We send receipts here.");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
  });

  it("calls back with each new value", () => {
    const onChange = vi.fn();
    inLocale(<Controlled onChange={onChange} />);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "a@b.example" } });
    expect(onChange).toHaveBeenCalledWith("a@b.example");
    expect((screen.getByRole("textbox") as HTMLInputElement).value).toBe("a@b.example");
  });

  it.each([
    [{ code: "required" }, "This field is required."],
    [{ code: "invalid" }, "Enter a valid value."],
    [{ code: "invalid_email" }, "Enter a valid email address."],
    [{ code: "too_short", min: 3 }, "Enter at least 3 characters."],
    [{ code: "too_long", max: 1000 }, "Enter at most 1,000 characters."],
    [{ code: "custom", message: "This email is already used." }, "This email is already used."],
  ] as [FieldError, string][])("shows the error %j as %j, tied to the input", (error, text) => {
    inLocale(<Controlled error={error} />);
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const ids = input.getAttribute("aria-describedby")!.split(" ");
    expect(ids).toHaveLength(2);
    expect(document.getElementById(ids[1]!)!.textContent).toBe(text);
  });

  it("words errors in the user's language", async () => {
    inLocale(<Controlled error={{ code: "too_short", min: 2 }} />, "pl-PL");
    expect(await screen.findByText("Minimalna liczba znaków: 2.")).toBeTruthy();
  });
});
