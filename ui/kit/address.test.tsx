// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { I18nProvider, loadCatalogue } from "../i18n/provider.tsx";
import {
  type Address,
  AddressInput,
  addressFormat,
  checkAddress,
  emptyAddress,
  isValidPostalCode,
  normalisePostalCode,
} from "./index.ts";

afterEach(cleanup);
beforeAll(() => Promise.all([loadCatalogue("ja-JP"), loadCatalogue("de-DE")]));

const inLocale = (ui: ReactNode, locale = "en-US") =>
  render(<I18nProvider locale={locale}>{ui}</I18nProvider>);

describe("postal codes per country", () => {
  it.each([
    ["US", ["94103", "94103-1234"], ["9410", "941031", "ABCDE"]],
    ["CA", ["K1A 0B1", "k1a0b1", "H2X 1Y4"], ["K1A 0B", "D1A 0B1", "12345"]],
    ["GB", ["SW1A 1AA", "ec1a1bb", "M1 1AE", "B33 8TH", "W1A 0AX"], ["SW1A", "1AA SW1", "QQ1 1AA"]],
    ["DE", ["10115", "80331"], ["00123", "1011", "101155"]],
    ["FR", ["75008", "01000", "97400"], ["99000", "7500", "750088"]],
    ["AU", ["2000", "0800"], ["200", "20000"]],
    ["JP", ["100-0001", "1000001"], ["100-001", "10000011"]],
  ])("%s: accepts its codes and refuses others", (country, good, bad) => {
    for (const code of good) expect(isValidPostalCode(country, code), code).toBe(true);
    for (const code of bad) expect(isValidPostalCode(country, code), code).toBe(false);
  });

  it("writes codes the way the country does", () => {
    expect(normalisePostalCode("CA", "k1a0b1")).toBe("K1A 0B1");
    expect(normalisePostalCode("GB", " sw1a1aa ")).toBe("SW1A 1AA");
    expect(normalisePostalCode("JP", "1000001")).toBe("100-0001");
  });

  it("does not check a country whose format it does not know", () => {
    expect(isValidPostalCode("NZ", "anything")).toBe(true);
  });
});

describe("checkAddress", () => {
  it("names each required field left empty and a postal code of the wrong form", () => {
    expect(checkAddress({ ...emptyAddress("US"), postalCode: "123" })).toEqual({
      line1: "required",
      city: "required",
      state: "required",
      postalCode: "invalid_postal_code",
    });
  });

  it("refuses a region the country does not list, and takes a complete address", () => {
    const address: Address = {
      country: "CA",
      line1: "24 Sussex Dr",
      line2: "",
      city: "Ottawa",
      state: "XX",
      postalCode: "K1M 1M4",
    };
    expect(checkAddress(address)).toEqual({ state: "required" });
    expect(checkAddress({ ...address, state: "ON" })).toEqual({});
  });

  it("the county of a UK address is optional", () => {
    expect(addressFormat("GB").optional).toContain("state");
    expect(
      checkAddress({
        ...emptyAddress("GB"),
        line1: "1 High St",
        city: "Leeds",
        postalCode: "LS1 4AP",
      }),
    ).toEqual({});
  });
});

function Controlled({ initial, onValue }: { initial: Address; onValue?: (a: Address) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <AddressInput
      label="Business address"
      id="addr"
      value={value}
      onValueChange={(a) => {
        setValue(a);
        onValue?.(a);
      }}
    />
  );
}

const labels = () =>
  within(screen.getByRole("group", { name: "Business address" }))
    .getAllByRole("textbox")
    .concat(screen.queryAllByRole("combobox"))
    .map((el) => el.getAttribute("id"));

describe("AddressInput", () => {
  it("follows the country: ZIP code and state in the US, postcode first fields in Germany", () => {
    inLocale(<Controlled initial={emptyAddress("US")} />);
    expect(screen.getByRole("textbox", { name: "ZIP code" })).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "State or territory" })).toBeTruthy();
    fireEvent.change(screen.getByRole("combobox", { name: "Country" }), {
      target: { value: "DE" },
    });
    expect(screen.queryByRole("combobox", { name: "State or territory" })).toBeNull();
    expect(screen.getByRole("textbox", { name: "Postal code" })).toBeTruthy();
    const ids = labels();
    expect(ids.indexOf("addr-postalCode")).toBeLessThan(ids.indexOf("addr-city"));
  });

  it("names fields per country: province in Canada, town and optional county in the UK, suburb in Australia", () => {
    inLocale(<Controlled initial={emptyAddress("CA")} />);
    expect(screen.getByRole("combobox", { name: "Province or territory" })).toBeTruthy();
    fireEvent.change(screen.getByRole("combobox", { name: "Country" }), {
      target: { value: "GB" },
    });
    expect(screen.getByRole("textbox", { name: "Town or city" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "County (optional)" })).toBeTruthy();
    fireEvent.change(screen.getByRole("combobox", { name: "Country" }), {
      target: { value: "AU" },
    });
    expect(screen.getByRole("textbox", { name: "Suburb" })).toBeTruthy();
  });

  it("checks the postal code when the field is left, naming a valid example, and writes it in the country's form", () => {
    const onValue = vi.fn();
    inLocale(<Controlled initial={emptyAddress("CA")} onValue={onValue} />);
    const postal = screen.getByRole("textbox", { name: "Postal code" });
    fireEvent.change(postal, { target: { value: "k1a0b1" } });
    fireEvent.blur(postal);
    expect(onValue).toHaveBeenLastCalledWith(expect.objectContaining({ postalCode: "K1A 0B1" }));
    expect(postal.getAttribute("aria-invalid")).toBeNull();
    fireEvent.change(postal, { target: { value: "123" } });
    fireEvent.blur(postal);
    expect(postal.getAttribute("aria-invalid")).toBe("true");
    const error = document.getElementById(postal.getAttribute("aria-describedby")!);
    expect(error?.textContent).toBe("Enter a valid postal code, such as K1A 0B1.");
  });

  it("chooses the region from a combobox and hands out its code", () => {
    const onValue = vi.fn();
    inLocale(<Controlled initial={emptyAddress("US")} onValue={onValue} />);
    const state = screen.getByRole("combobox", { name: "State or territory" });
    fireEvent.change(state, { target: { value: "calif" } });
    fireEvent.keyDown(state, { key: "Enter" });
    expect(onValue).toHaveBeenLastCalledWith(expect.objectContaining({ state: "CA" }));
  });

  it("in Japanese: postal code first, prefectures in Japanese, labels translated", () => {
    inLocale(<Controlled initial={emptyAddress("JP")} />, "ja-JP");
    const ids = labels();
    expect(ids[0]).toBe("addr-postalCode");
    const prefecture = screen.getByRole("combobox", { name: "都道府県" });
    fireEvent.change(prefecture, { target: { value: "東京" } });
    const list = screen.getByRole("listbox", { name: "都道府県" });
    expect(
      within(list)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["東京都"]);
    expect(screen.getByRole("combobox", { name: "国" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "日本" })).toBeTruthy();
  });

  it("a new country starts its region and postal code afresh", () => {
    const onValue = vi.fn();
    inLocale(
      <Controlled
        initial={{ ...emptyAddress("US"), line1: "1 Main St", state: "NY", postalCode: "10001" }}
        onValue={onValue}
      />,
    );
    fireEvent.change(screen.getByRole("combobox", { name: "Country" }), {
      target: { value: "FR" },
    });
    expect(onValue).toHaveBeenLastCalledWith(
      expect.objectContaining({ country: "FR", line1: "1 Main St", state: "", postalCode: "" }),
    );
  });
});
