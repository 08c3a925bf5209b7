import { useIntl } from "react-intl";
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatRelativeTime,
  isoDateTime,
  type MoneyFormatOptions,
} from "../i18n/format.ts";
import { cx } from "./cx.ts";

export interface MoneyProps extends MoneyFormatOptions {
  /** Integer minor units, as the API sends them. */
  amount: number;
  /** Lower-case ISO code, as the API sends it. */
  currency: string;
}

/** An amount in the user's locale: `<Money amount={-123456} currency="eur" />`. */
export function Money({ amount, currency, ...options }: MoneyProps) {
  const { locale } = useIntl();
  return (
    <span className={cx("kit-money", amount < 0 && "kit-money--negative")}>
      {formatMoney(amount, currency, locale, options)}
    </span>
  );
}

export interface DateTimeProps {
  /** Unix seconds, as the API sends them. */
  seconds: number;
  /** "date" (Jan 5, 2024), "datetime" (Jan 5, 2024, 3:04 PM), "relative" (3 days ago). */
  format?: "date" | "datetime" | "relative";
  /** IANA zone; defaults to the browser's. */
  timeZone?: string;
  /** For "relative": the current time in Unix seconds (tests and shared clocks). */
  nowSeconds?: number;
}

/** A <time> with a machine-readable datetime and locale text. */
export function DateTime({ seconds, format = "date", timeZone, nowSeconds }: DateTimeProps) {
  const { locale } = useIntl();
  const options = timeZone ? { timeZone } : {};
  const text =
    format === "relative"
      ? formatRelativeTime(seconds, locale, nowSeconds)
      : format === "datetime"
        ? formatDateTime(seconds, locale, options)
        : formatDate(seconds, locale, options);
  return (
    <time
      dateTime={isoDateTime(seconds)}
      title={format === "relative" ? formatDateTime(seconds, locale, options) : undefined}
    >
      {text}
    </time>
  );
}
