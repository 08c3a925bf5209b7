import { describe, expect, it } from "vitest";
import {
  formatMoneyInput,
  localeSeparators,
  parseMoneyInput,
  parseNumberInput,
} from "./number-parse.ts";

describe("reading amounts typed in the user's locale", () => {
  it("uses each locale's decimal and group separators", () => {
    expect(localeSeparators("en-US")).toEqual({ decimal: ".", group: "," });
    expect(localeSeparators("de-DE")).toEqual({ decimal: ",", group: "." });
    expect(parseMoneyInput("1,234.56", "usd", "en-US")).toEqual({ ok: true, minor: 123456 });
    expect(parseMoneyInput("1.234,56", "eur", "de-DE")).toEqual({ ok: true, minor: 123456 });
    expect(parseMoneyInput("1234,56", "eur", "de-DE")).toEqual({ ok: true, minor: 123456 });
  });

  it("accepts an ordinary space where the locale groups with a (narrow) no-break space", () => {
    expect(parseMoneyInput("1 234,5", "eur", "fr-FR")).toEqual({ ok: true, minor: 123450 });
    expect(parseMoneyInput("1\u202f234,5", "eur", "fr-FR")).toEqual({ ok: true, minor: 123450 });
  });

  it("refuses a misplaced group separator instead of guessing (12.50 in de-DE is not 1250)", () => {
    expect(parseMoneyInput("12.50", "eur", "de-DE")).toEqual({ ok: false, reason: "invalid" });
    expect(parseMoneyInput("1,23.4", "usd", "en-US")).toEqual({ ok: false, reason: "invalid" });
    expect(parseMoneyInput("12a", "usd", "en-US")).toEqual({ ok: false, reason: "invalid" });
    expect(parseMoneyInput(".", "usd", "en-US")).toEqual({ ok: false, reason: "invalid" });
  });

  it("gives minor units by the currency's exponent: zero-decimal and three-decimal currencies", () => {
    expect(parseMoneyInput("500", "jpy", "ja-JP")).toEqual({ ok: true, minor: 500 });
    expect(parseMoneyInput("1.234", "kwd", "en-US")).toEqual({ ok: true, minor: 1234 });
    expect(parseMoneyInput("12.3", "usd", "en-US")).toEqual({ ok: true, minor: 1230 });
    expect(parseMoneyInput(".5", "usd", "en-US")).toEqual({ ok: true, minor: 50 });
  });

  it("refuses more decimals than the currency has, but not trailing zeros", () => {
    expect(parseMoneyInput("1.234", "usd", "en-US")).toEqual({
      ok: false,
      reason: "too_many_decimals",
    });
    expect(parseMoneyInput("500.5", "jpy", "en-US")).toEqual({
      ok: false,
      reason: "too_many_decimals",
    });
    expect(parseMoneyInput("500.00", "jpy", "en-US")).toEqual({ ok: true, minor: 500 });
  });

  it("reads negatives (hyphen or minus sign) and empty text as no amount", () => {
    expect(parseMoneyInput("-12.34", "usd", "en-US")).toEqual({ ok: true, minor: -1234 });
    expect(parseMoneyInput("\u221212,34", "eur", "fr-FR")).toEqual({ ok: true, minor: -1234 });
    expect(parseMoneyInput("  ", "usd", "en-US")).toEqual({ ok: true, minor: null });
    expect(parseMoneyInput("-0", "usd", "en-US")).toEqual({ ok: true, minor: 0 });
  });

  it("refuses amounts beyond exact integers rather than rounding them", () => {
    expect(parseMoneyInput("900719925474099.93", "usd", "en-US")).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("shows minor units for editing with the locale's decimal and no grouping", () => {
    expect(formatMoneyInput(123456, "eur", "de-DE")).toBe("1234,56");
    expect(formatMoneyInput(500, "jpy", "ja-JP")).toBe("500");
    expect(formatMoneyInput(-5, "usd", "en-US")).toBe("-0.05");
  });

  it("reads plain numbers the same way", () => {
    expect(parseNumberInput("1.234,5", "de-DE")).toEqual({ ok: true, value: 1234.5 });
    expect(parseNumberInput("", "de-DE")).toEqual({ ok: true, value: null });
    expect(parseNumberInput("1,2,3", "de-DE")).toEqual({ ok: false });
  });
});
