// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { I18nProvider, loadCatalogue } from "../i18n/provider.tsx";
import { Combobox, type ComboboxOption, filterOptions } from "./index.ts";

afterEach(cleanup);
beforeAll(() => loadCatalogue("de-DE"));

const inLocale = (ui: ReactNode, locale = "en-US") =>
  render(<I18nProvider locale={locale}>{ui}</I18nProvider>);

const cities: ComboboxOption[] = [
  { value: "ber", label: "Berlin" },
  { value: "bog", label: "Bogotá" },
  { value: "bos", label: "Boston", disabled: true },
  { value: "sao", label: "São Paulo" },
];

function Controlled({
  onChange = () => {},
  initial = "",
  ...rest
}: { onChange?: (v: string) => void; initial?: string } & Partial<Parameters<typeof Combobox>[0]>) {
  const [value, setValue] = useState(initial);
  return (
    <Combobox
      label="City"
      options={cities}
      {...rest}
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

const input = () => screen.getByRole("combobox", { name: "City" });
const activeOption = () => {
  const id = input().getAttribute("aria-activedescendant");
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe("filterOptions", () => {
  it("matches case- and accent-insensitively anywhere in the label", () => {
    expect(filterOptions(cities, "SAO").map((o) => o.value)).toEqual(["sao"]);
    expect(filterOptions(cities, "bo").map((o) => o.value)).toEqual(["bog", "bos"]);
    expect(filterOptions(cities, "  ")).toBe(cities);
  });
});

describe("Combobox (WAI-ARIA combobox with listbox)", () => {
  it("is a combobox named by its label, collapsed, controlling a listbox named the same", () => {
    inLocale(<Controlled />);
    const box = input();
    expect(box.getAttribute("aria-expanded")).toBe("false");
    expect(box.getAttribute("aria-autocomplete")).toBe("list");
    const list = document.getElementById(box.getAttribute("aria-controls")!);
    expect(list?.getAttribute("role")).toBe("listbox");
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(screen.getByRole("listbox", { name: "City" })).toBeTruthy();
  });

  it("typing filters the options and highlights the first match (aria-activedescendant)", () => {
    inLocale(<Controlled />);
    fireEvent.change(input(), { target: { value: "bo" } });
    expect(input().getAttribute("aria-expanded")).toBe("true");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Bogotá", "Boston"]);
    expect(activeOption()).toBe("Bogotá");
    expect(screen.getByRole("option", { name: "Bogotá" }).getAttribute("aria-selected")).toBe(
      "true",
    );
  });

  it("arrows move the highlight, skipping disabled options and wrapping; Enter selects", () => {
    const onChange = vi.fn();
    inLocale(<Controlled onChange={onChange} />);
    fireEvent.keyDown(input(), { key: "ArrowDown" });
    expect(activeOption()).toBe("Berlin");
    fireEvent.keyDown(input(), { key: "ArrowDown" });
    expect(activeOption()).toBe("Bogotá");
    fireEvent.keyDown(input(), { key: "ArrowDown" });
    expect(activeOption()).toBe("São Paulo");
    fireEvent.keyDown(input(), { key: "ArrowDown" });
    expect(activeOption()).toBe("Berlin");
    fireEvent.keyDown(input(), { key: "ArrowUp" });
    expect(activeOption()).toBe("São Paulo");
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(onChange).toHaveBeenCalledWith("sao");
    expect((input() as HTMLInputElement).value).toBe("São Paulo");
    expect(input().getAttribute("aria-expanded")).toBe("false");
    expect(input().hasAttribute("aria-activedescendant")).toBe(false);
  });

  it("Escape closes and restores the chosen label; a second Escape clears the field and the choice", () => {
    const onChange = vi.fn();
    inLocale(<Controlled initial="ber" onChange={onChange} />);
    expect((input() as HTMLInputElement).value).toBe("Berlin");
    fireEvent.change(input(), { target: { value: "zz" } });
    expect(screen.getAllByText("No matches").length).toBeGreaterThan(0);
    fireEvent.keyDown(input(), { key: "Escape" });
    expect(input().getAttribute("aria-expanded")).toBe("false");
    expect((input() as HTMLInputElement).value).toBe("Berlin");
    fireEvent.keyDown(input(), { key: "Escape" });
    expect((input() as HTMLInputElement).value).toBe("");
    expect(onChange).toHaveBeenCalledExactlyOnceWith("");
  });

  it("a click chooses an option; a disabled one cannot be chosen", () => {
    const onChange = vi.fn();
    inLocale(<Controlled onChange={onChange} />);
    fireEvent.click(input());
    fireEvent.click(screen.getByRole("option", { name: "Boston" }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("option", { name: "Bogotá" }));
    expect(onChange).toHaveBeenCalledWith("bog");
  });

  it("leaving the field never keeps text that was not chosen", () => {
    inLocale(<Controlled initial="ber" />);
    fireEvent.change(input(), { target: { value: "Bos" } });
    fireEvent.blur(input());
    expect((input() as HTMLInputElement).value).toBe("Berlin");
  });

  it("loads options through the callback and ignores an answer to an older query", async () => {
    const answers = new Map<string, (o: ComboboxOption[]) => void>();
    const loadOptions = vi.fn(
      (query: string) =>
        new Promise<readonly ComboboxOption[]>((resolve) => answers.set(query, resolve)),
    );
    inLocale(<Controlled options={undefined} loadOptions={loadOptions} />);
    fireEvent.change(input(), { target: { value: "b" } });
    expect(screen.getAllByText("Loading…").length).toBeGreaterThan(0);
    fireEvent.change(input(), { target: { value: "be" } });
    await act(async () => answers.get("be")!([{ value: "ber", label: "Berlin" }]));
    await act(async () => answers.get("b")!(cities));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Berlin"]);
    expect(activeOption()).toBe("Berlin");
    expect(loadOptions).toHaveBeenCalledWith("be");
  });

  it("says that nothing matches in the user's language", async () => {
    inLocale(<Controlled />, "de-DE");
    fireEvent.change(input(), { target: { value: "xyz" } });
    expect(screen.getAllByText("Keine Treffer").length).toBeGreaterThan(0);
  });
});
