/**
 * Reads numbers as people type them in their locale ("1.234,5" in de-DE, "1 234,5" in fr-FR)
 * into exact decimal strings, and money into integer minor units, without a binary float.
 * Pure, so form machines validate with the same rules the inputs show.
 */
import { currencyExponent, minorUnitsToDecimal } from "../i18n/format.ts";

export interface LocaleSeparators {
  decimal: string;
  group: string;
}

export function localeSeparators(locale: string): LocaleSeparators {
  const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(12345.6);
  return {
    decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
    group: parts.find((p) => p.type === "group")?.value ?? ",",
  };
}

/** Space-like group separators: people type an ordinary space for them. */
const spaces = /[\s\u00a0\u202f]/g;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export type DecimalParse =
  | { ok: true; empty: true }
  | { ok: true; empty: false; negative: boolean; whole: string; fraction: string }
  | { ok: false };

/**
 * Parses `text` with the locale's separators. Group separators are optional but must sit
 * between groups of three digits, so "12.50" in de-DE is refused rather than read as 1250.
 */
export function parseLocaleDecimal(text: string, locale: string): DecimalParse {
  const { decimal, group } = localeSeparators(locale);
  const spaceGroup = group.replace(spaces, " ") === " ";
  let t = text.trim().replace(/[\u2212\u2012\u2013]/g, "-");
  if (t === "") return { ok: true, empty: true };
  if (spaceGroup) t = t.replace(spaces, " ");
  const g = spaceGroup ? " " : escapeRegExp(group);
  const pattern = new RegExp(
    `^(-)?(\\d{1,3}(?:${g}\\d{3})+|\\d+)?(?:${escapeRegExp(decimal)}(\\d*))?$`,
  );
  const match = pattern.exec(t);
  if (!match) return { ok: false };
  const whole = (match[2] ?? "").replace(new RegExp(g, "g"), "");
  const fraction = match[3] ?? "";
  if (whole === "" && fraction === "") return { ok: false };
  return { ok: true, empty: false, negative: match[1] === "-", whole: whole || "0", fraction };
}

export type MoneyParse =
  | { ok: true; minor: number | null }
  | { ok: false; reason: "invalid" | "too_many_decimals" };

/** Text in the user's locale → integer minor units of `currency` (null when empty). */
export function parseMoneyInput(text: string, currency: string, locale: string): MoneyParse {
  const parsed = parseLocaleDecimal(text, locale);
  if (!parsed.ok) return { ok: false, reason: "invalid" };
  if (parsed.empty) return { ok: true, minor: null };
  const exponent = currencyExponent(currency);
  const fraction = parsed.fraction.replace(/0+$/, "");
  if (fraction.length > exponent) return { ok: false, reason: "too_many_decimals" };
  const digits = `${parsed.whole}${fraction.padEnd(exponent, "0")}`;
  const minor = Number(digits) * (parsed.negative ? -1 : 1);
  if (!Number.isSafeInteger(minor)) return { ok: false, reason: "invalid" };
  return { ok: true, minor: minor === 0 ? 0 : minor };
}

/** Minor units → what the input shows for editing: locale decimal, no grouping. */
export function formatMoneyInput(minor: number, currency: string, locale: string): string {
  return minorUnitsToDecimal(minor, currency).replace(".", localeSeparators(locale).decimal);
}

export type NumberParse = { ok: true; value: number | null } | { ok: false };

/** Text in the user's locale → a number (null when empty). */
export function parseNumberInput(text: string, locale: string): NumberParse {
  const parsed = parseLocaleDecimal(text, locale);
  if (!parsed.ok) return { ok: false };
  if (parsed.empty) return { ok: true, value: null };
  const value = Number(`${parsed.negative ? "-" : ""}${parsed.whole}.${parsed.fraction || "0"}`);
  return Number.isFinite(value) ? { ok: true, value } : { ok: false };
}

export function formatNumberInput(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 20 }).format(
    value,
  );
}
