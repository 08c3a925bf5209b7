/**
 * Locale formatting of money, numbers, dates and relative times, all through `Intl`.
 *
 * API values follow READING.md: amounts are integers in the currency's minor unit with a
 * lower-case ISO currency code; times are Unix seconds. Formatters are cached per locale and
 * options because constructing an `Intl` formatter costs far more than using one.
 */

/**
 * Currencies whose API amount is already in major units (the payments-API convention;
 * ISO 4217 and CLDR differ for a few, e.g. ISK/HUF/TWD/UGX keep two-decimal API amounts).
 */
const zeroDecimal: ReadonlySet<string> = new Set([
  "bif",
  "clp",
  "djf",
  "gnf",
  "jpy",
  "kmf",
  "krw",
  "mga",
  "pyg",
  "rwf",
  "vnd",
  "vuv",
  "xaf",
  "xof",
  "xpf",
]);

/** Currencies whose API amount is in thousandths. */
const threeDecimal: ReadonlySet<string> = new Set(["bhd", "jod", "kwd", "omr", "tnd"]);

/** How many decimal places the API's integer amount carries for `currency`. */
export function currencyExponent(currency: string): 0 | 2 | 3 {
  const c = currency.toLowerCase();
  if (zeroDecimal.has(c)) return 0;
  if (threeDecimal.has(c)) return 3;
  return 2;
}

/**
 * The exact decimal string of a minor-unit amount ("-1234.56"), which `Intl.NumberFormat`
 * formats without going through a binary float.
 */
export function minorUnitsToDecimal(amount: number | bigint, currency: string): string {
  if (typeof amount === "number" && !Number.isSafeInteger(amount)) {
    throw new RangeError(`amount must be an integer in minor units, got ${amount}`);
  }
  const exponent = currencyExponent(currency);
  const value = BigInt(amount);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(exponent + 1, "0");
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent);
  return `${negative ? "-" : ""}${whole}${exponent > 0 ? `.${fraction}` : ""}`;
}

const cache = new Map<string, unknown>();

function cached<T>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = cache.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

const numberFormat = (locale: string, options: Intl.NumberFormatOptions) =>
  cached("number", locale, options, () => new Intl.NumberFormat(locale, options));

const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  cached("date", locale, options, () => new Intl.DateTimeFormat(locale, options));

const relativeTimeFormat = (locale: string, options: Intl.RelativeTimeFormatOptions) =>
  cached("relative", locale, options, () => new Intl.RelativeTimeFormat(locale, options));

export interface MoneyFormatOptions {
  /** "code" shows "USD 12.00" (useful where several dollars meet); default "symbol". */
  currencyDisplay?: "symbol" | "narrowSymbol" | "code" | "name";
  /** "exceptZero" marks credits with "+" (balance transactions). */
  signDisplay?: "auto" | "always" | "exceptZero" | "negative" | "never";
}

/** `formatMoney(-123456, "eur", "de-DE")` → "-1.234,56 €". */
export function formatMoney(
  amount: number | bigint,
  currency: string,
  locale: string,
  options: MoneyFormatOptions = {},
): string {
  const decimal = minorUnitsToDecimal(amount, currency);
  let format: Intl.NumberFormat;
  try {
    format = numberFormat(locale, {
      style: "currency",
      currency: currency.toUpperCase(),
      currencyDisplay: options.currencyDisplay ?? "symbol",
      signDisplay: options.signDisplay ?? "auto",
    });
  } catch {
    // Not an ISO code Intl knows: still show the amount rather than break the row.
    return `${formatNumber(Number(decimal), locale, { minimumFractionDigits: currencyExponent(currency) })} ${currency.toUpperCase()}`;
  }
  // Intl accepts an exact decimal string (ES2023); the DOM lib types only name number/bigint.
  return format.format(decimal as unknown as number);
}

export function formatNumber(
  value: number | bigint,
  locale: string,
  options: Intl.NumberFormatOptions = {},
): string {
  return numberFormat(locale, options).format(value);
}

/** A ratio (0.125) as a percentage ("12.5%"). */
export function formatPercent(ratio: number, locale: string, maximumFractionDigits = 1): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits }).format(ratio);
}

export interface DateFormatOptions {
  /** IANA zone; default the browser's own. Tests pin "UTC". */
  timeZone?: string;
  dateStyle?: "full" | "long" | "medium" | "short";
  timeStyle?: "full" | "long" | "medium" | "short";
}

const fromSeconds = (seconds: number) => new Date(seconds * 1000);

/** A date from Unix seconds: "Jan 5, 2024". */
export function formatDate(seconds: number, locale: string, options: DateFormatOptions = {}) {
  return dateTimeFormat(locale, {
    dateStyle: options.dateStyle ?? "medium",
    timeZone: options.timeZone,
  }).format(fromSeconds(seconds));
}

/** A date and time from Unix seconds: "Jan 5, 2024, 3:04 PM". */
export function formatDateTime(seconds: number, locale: string, options: DateFormatOptions = {}) {
  return dateTimeFormat(locale, {
    dateStyle: options.dateStyle ?? "medium",
    timeStyle: options.timeStyle ?? "short",
    timeZone: options.timeZone,
  }).format(fromSeconds(seconds));
}

/** An ISO date for `<time datetime>`: machine-readable, locale-free. */
export const isoDateTime = (seconds: number) => fromSeconds(seconds).toISOString();

const relativeUnits: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/**
 * A Unix-seconds time relative to `nowSeconds`: "3 days ago", "in 2 hours", "yesterday".
 * Picks the largest unit the distance fills at least once.
 */
export function formatRelativeTime(
  seconds: number,
  locale: string,
  nowSeconds: number = Date.now() / 1000,
): string {
  const delta = seconds - nowSeconds;
  const distance = Math.abs(delta);
  const [unit, size] = relativeUnits.find(([, s]) => distance >= s) ?? ["second", 1];
  return relativeTimeFormat(locale, { numeric: "auto" }).format(Math.round(delta / size), unit);
}
