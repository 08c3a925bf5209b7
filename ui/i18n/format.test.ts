import { describe, expect, it } from "vitest";
import { locales } from "../../protocol/locales.ts";
import {
  currencyExponent,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatRelativeTime,
  isoDateTime,
  minorUnitsToDecimal,
} from "./format.ts";

// Spacing characters are spelled out: fr-CA and de-DE group and separate with no-break spaces
// (U+00A0) in Node 20's ICU, and a plain space would be a different, wrong string.
const NBSP = "\u00a0";

describe("money from integer minor units", () => {
  it.each([
    [123456, "usd", "en-US", "$1,234.56"],
    [-123456, "usd", "en-US", "-$1,234.56"],
    [123456, "eur", "de-DE", `1.234,56${NBSP}€`],
    [-123456, "eur", "de-DE", `-1.234,56${NBSP}€`],
    [123456, "jpy", "ja-JP", "￥123,456"],
    [-500, "jpy", "ja-JP", "-￥500"],
    [123456, "cad", "fr-CA", `1${NBSP}234,56${NBSP}$`],
    [-123456, "cad", "fr-CA", `-1${NBSP}234,56${NBSP}$`],
    [5, "usd", "en-US", "$0.05"],
    [0, "usd", "en-US", "$0.00"],
  ])("%i %s in %s is %s", (amount, currency, locale, expected) => {
    expect(formatMoney(amount, currency, locale)).toBe(expected);
  });

  it("a zero-decimal currency's amount is already in major units (krw, jpy)", () => {
    expect(formatMoney(50000, "krw", "ko-KR")).toBe("₩50,000");
    expect(formatMoney(50000, "krw", "en-US")).toBe("₩50,000");
    expect(formatMoney(1234, "jpy", "en-US")).toBe("¥1,234");
  });

  it("a three-decimal currency's amount is in thousandths (bhd, kwd)", () => {
    expect(formatMoney(1234, "bhd", "en-US")).toBe(`BHD${NBSP}1.234`);
    expect(formatMoney(-5, "kwd", "en-US")).toBe(`-KWD${NBSP}0.005`);
  });

  it("agrees with Intl for every locale of SPEC.md §1", () => {
    for (const locale of locales) {
      const intl = new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" });
      expect(formatMoney(-987654, "eur", locale)).toBe(intl.format(-9876.54));
    }
  });

  it("accepts the upper-case code as well", () => {
    expect(formatMoney(100, "USD", "en-US")).toBe("$1.00");
  });

  it("marks credits with a plus sign when asked", () => {
    expect(formatMoney(2500, "usd", "en-US", { signDisplay: "exceptZero" })).toBe("+$25.00");
    expect(formatMoney(100, "usd", "en-US", { currencyDisplay: "code" })).toBe(`USD${NBSP}1.00`);
  });

  it("keeps every digit of amounts beyond a float's exact range", () => {
    expect(formatMoney(2n ** 62n, "usd", "en-US")).toBe("$46,116,860,184,273,879.04");
  });

  it("still shows the amount of a currency code Intl does not know", () => {
    expect(formatMoney(123456, "x1", "en-US")).toBe("1,234.56 X1");
  });

  it("rejects an amount that is not an integer of minor units", () => {
    expect(() => formatMoney(12.5, "usd", "en-US")).toThrow(RangeError);
  });

  it("converts minor units to an exact decimal string", () => {
    expect(minorUnitsToDecimal(7, "usd")).toBe("0.07");
    expect(minorUnitsToDecimal(-7, "bhd")).toBe("-0.007");
    expect(minorUnitsToDecimal(-7, "jpy")).toBe("-7");
    expect(currencyExponent("ISK")).toBe(2);
  });
});

describe("numbers", () => {
  it("groups and separates per locale", () => {
    expect(formatNumber(1234567.891, "en-US")).toBe("1,234,567.891");
    expect(formatNumber(1234567.891, "de-DE")).toBe("1.234.567,891");
    expect(formatNumber(1234567, "fr-FR")).toBe("1\u202f234\u202f567");
  });

  it("formats ratios as percentages", () => {
    expect(formatPercent(0.125, "en-US")).toBe("12.5%");
    expect(formatPercent(0.125, "de-DE")).toBe(`12,5${NBSP}%`);
  });
});

describe("dates and date-times from Unix seconds", () => {
  const t = 1704467045; // 2024-01-05T15:04:05Z

  it("formats a date per locale", () => {
    expect(formatDate(t, "en-US", { timeZone: "UTC" })).toBe("Jan 5, 2024");
    expect(formatDate(t, "de-DE", { timeZone: "UTC" })).toBe("05.01.2024");
    expect(formatDate(t, "ja-JP", { timeZone: "UTC" })).toBe("2024/01/05");
  });

  it("formats a date-time per locale", () => {
    // V8 writes an ordinary space before "PM" (it undoes ICU's U+202F there for web compat).
    expect(formatDateTime(t, "en-US", { timeZone: "UTC" })).toBe("Jan 5, 2024, 3:04 PM");
    expect(formatDateTime(t, "de-DE", { timeZone: "UTC" })).toBe("05.01.2024, 15:04");
  });

  it("applies the time zone", () => {
    expect(formatDate(t, "en-US", { timeZone: "Pacific/Kiritimati" })).toBe("Jan 6, 2024");
  });

  it("gives a machine-readable ISO time for <time datetime>", () => {
    expect(isoDateTime(t)).toBe("2024-01-05T15:04:05.000Z");
  });
});

describe("relative times", () => {
  const now = 1704467045;

  it.each([
    [now - 3 * 86400, "en-US", "3 days ago"],
    [now + 2 * 3600, "en-US", "in 2 hours"],
    [now - 86400, "en-US", "yesterday"],
    [now - 86400, "de-DE", "gestern"],
    [now - 30, "en-US", "30 seconds ago"],
    [now, "en-US", "now"],
    [now - 400 * 86400, "fr-FR", "l’année dernière"],
  ])("%i relative to now in %s is %s", (seconds, locale, expected) => {
    expect(formatRelativeTime(seconds, locale, now)).toBe(expected);
  });
});
