import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { formatMoney } from "../i18n/format.ts";
import { kitMessages } from "../i18n/messages.ts";
import {
  formatMoneyInput,
  formatNumberInput,
  parseMoneyInput,
  parseNumberInput,
} from "./number-parse.ts";
import { useParsedText } from "./parsed-text.ts";
import { type FieldError, TextField } from "./text-field.view.tsx";

interface NumericFieldProps {
  /** The input's id, when a form links to it (ErrorSummary); otherwise generated. */
  id?: string;
  label: ReactNode;
  description?: ReactNode;
  /** The form's own error (e.g. from the API); shown instead of the input's own. */
  error?: FieldError;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
}

export interface NumberInputProps extends NumericFieldProps {
  value: number | null;
  /** The parsed value (null when empty or unreadable) and the input's own error, if any. */
  onValueChange: (value: number | null, error?: FieldError) => void;
  min?: number;
  max?: number;
}

export interface MoneyInputProps extends NumericFieldProps {
  /** Integer minor units, as the API takes them. */
  value: number | null;
  /** Lower-case ISO code; sets the decimal places the input accepts. */
  currency: string;
  onValueChange: (minor: number | null, error?: FieldError) => void;
  /** Bounds in minor units. */
  min?: number;
  max?: number;
}

function useRangeError() {
  const intl = useIntl();
  return (tooSmall: string | undefined, tooLarge: string | undefined): FieldError | undefined => {
    if (tooSmall !== undefined)
      return {
        code: "custom",
        message: intl.formatMessage(kitMessages.fieldTooSmall, { min: tooSmall }),
      };
    if (tooLarge !== undefined)
      return {
        code: "custom",
        message: intl.formatMessage(kitMessages.fieldTooLarge, { max: tooLarge }),
      };
    return undefined;
  };
}

/** A number typed with the locale's separators ("1 234,5" in fr-FR), checked against bounds. */
export function NumberInput({
  value,
  onValueChange,
  min,
  max,
  error,
  required = false,
  onBlur,
  ...rest
}: NumberInputProps) {
  const intl = useIntl();
  const { locale } = intl;
  const rangeError = useRangeError();
  const check = (t: string): { value: number | null; error?: FieldError } => {
    const parsed = parseNumberInput(t, locale);
    if (!parsed.ok) return { value: null, error: { code: "invalid" } };
    if (parsed.value === null)
      return required ? { value: null, error: { code: "required" } } : { value: null };
    const n = parsed.value;
    const bound = rangeError(
      min !== undefined && n < min ? intl.formatNumber(min) : undefined,
      max !== undefined && n > max ? intl.formatNumber(max) : undefined,
    );
    return bound ? { value: null, error: bound } : { value: n };
  };
  const field = useParsedText({
    value,
    format: (n: number) => formatNumberInput(n, locale),
    parse: check,
    onValueChange,
    error,
    onBlur,
  });

  return <TextField {...rest} {...field} inputMode="decimal" required={required} />;
}

/**
 * An amount in a currency: typed in the locale's format, handed out in integer minor units
 * (¥500 → 500, $12.34 → 1234, 1.234 KWD → 1234), refusing more decimals than the currency has.
 * The currency's localised name is read with the label.
 */
export function MoneyInput({
  value,
  currency,
  onValueChange,
  min,
  max,
  error,
  required = false,
  onBlur,
  description,
  ...rest
}: MoneyInputProps) {
  const intl = useIntl();
  const { locale } = intl;
  const rangeError = useRangeError();
  const code = currency.toUpperCase();
  const currencyName = new Intl.DisplayNames([locale], { type: "currency" }).of(code) ?? code;

  const check = (t: string): { value: number | null; error?: FieldError } => {
    const parsed = parseMoneyInput(t, currency, locale);
    if (!parsed.ok)
      return parsed.reason === "too_many_decimals"
        ? {
            value: null,
            error: {
              code: "custom",
              message: intl.formatMessage(kitMessages.fieldTooManyDecimals),
            },
          }
        : { value: null, error: { code: "invalid" } };
    if (parsed.minor === null)
      return required ? { value: null, error: { code: "required" } } : { value: null };
    const m = parsed.minor;
    const bound = rangeError(
      min !== undefined && m < min ? formatMoney(min, currency, locale) : undefined,
      max !== undefined && m > max ? formatMoney(max, currency, locale) : undefined,
    );
    return bound ? { value: null, error: bound } : { value: m };
  };
  const field = useParsedText({
    value,
    format: (minor: number) => formatMoneyInput(minor, currency, locale),
    parse: check,
    onValueChange,
    error,
    onBlur,
  });

  return (
    <TextField
      {...rest}
      {...field}
      inputMode={currencyHasDecimals(currency, locale) ? "decimal" : "numeric"}
      required={required}
      description={
        <>
          {description ? <>{description} </> : null}
          {`${currencyName} (${code})`}
        </>
      }
    />
  );
}

const currencyHasDecimals = (currency: string, locale: string) =>
  formatMoneyInput(1, currency, locale).length > 1;
