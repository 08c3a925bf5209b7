import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { formatDate } from "../i18n/format.ts";
import { kitMessages } from "../i18n/messages.ts";
import { Field } from "./field.view.tsx";
import type { FieldError } from "./text-field.view.tsx";

/** A calendar date as native date inputs give it: "2024-01-05" (no time, no zone). */
export type IsoDate = string;

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day in "YYYY-MM-DD" form (refuses "2024-02-30"). */
export function isIsoDate(value: string): value is IsoDate {
  if (!isoDatePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Words a date in the user's locale, as the calendar day it is anywhere. */
const dayText = (date: IsoDate, locale: string) =>
  formatDate(Date.parse(`${date}T00:00:00Z`) / 1000, locale, { timeZone: "UTC" });

/** Why `value` is refused against `min`/`max`, worded; undefined when it is fine or empty. */
export function useDateError(): (
  value: IsoDate,
  bounds: { min?: IsoDate; max?: IsoDate; required?: boolean },
) => FieldError | undefined {
  const intl = useIntl();
  return (value, { min, max, required }) => {
    if (value === "") return required ? { code: "required" } : undefined;
    if (!isIsoDate(value)) return { code: "invalid" };
    if (min !== undefined && value < min)
      return {
        code: "custom",
        message: intl.formatMessage(kitMessages.dateTooEarly, { min: dayText(min, intl.locale) }),
      };
    if (max !== undefined && value > max)
      return {
        code: "custom",
        message: intl.formatMessage(kitMessages.dateTooLate, { max: dayText(max, intl.locale) }),
      };
    return undefined;
  };
}

export interface DateInputProps {
  label: ReactNode;
  /** "YYYY-MM-DD", or "" for none. */
  value: IsoDate;
  /** The new value and, when it is refused, why. */
  onValueChange: (value: IsoDate, error?: FieldError) => void;
  min?: IsoDate;
  max?: IsoDate;
  description?: ReactNode;
  /** The form's own error; otherwise the input's own shows. */
  error?: FieldError;
  /** The input's id, when a form links to it (ErrorSummary); otherwise generated. */
  id?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
}

/**
 * A native date input (the browser's own picker and keyboard), with min/max, whose own error
 * (out of bounds) is worded with the bound in the user's locale.
 */
export function DateInput({
  label,
  value,
  onValueChange,
  min,
  max,
  description,
  error,
  required = false,
  id,
  ...rest
}: DateInputProps) {
  const dateError = useDateError();
  const own = dateError(value, { min, max });
  return (
    <Field id={id} label={label} description={description} error={error ?? own}>
      {(control) => (
        <input
          {...rest}
          {...control}
          type="date"
          className="kit-input kit-date"
          value={value}
          min={min}
          max={max}
          required={required}
          onChange={(event) => {
            const next = event.target.value;
            onValueChange(next, dateError(next, { min, max, required }));
          }}
        />
      )}
    </Field>
  );
}

export interface DateRange {
  start: IsoDate;
  end: IsoDate;
}

export interface DateRangeInputProps {
  /** Names the pair (the fieldset's legend). */
  label: ReactNode;
  value: DateRange;
  onValueChange: (value: DateRange, error?: FieldError) => void;
  min?: IsoDate;
  max?: IsoDate;
  error?: FieldError;
  disabled?: boolean;
}

/**
 * Two date inputs in a fieldset. The end's earliest day is the start, and a range that ends
 * before it starts is refused with an error on the end date.
 */
export function DateRangeInput({
  label,
  value,
  onValueChange,
  min,
  max,
  error,
  disabled,
}: DateRangeInputProps) {
  const intl = useIntl();
  const dateError = useDateError();
  const check = (range: DateRange): { start?: FieldError; end?: FieldError } => {
    const start = dateError(range.start, { min, max });
    const end = dateError(range.end, { min, max });
    if (!start && !end && range.start && range.end && range.end < range.start)
      return {
        end: { code: "custom", message: intl.formatMessage(kitMessages.dateRangeOrder) },
      };
    return { start, end };
  };
  const own = check(value);
  const change = (next: DateRange) => {
    const errors = check(next);
    onValueChange(next, errors.start ?? errors.end);
  };
  return (
    <fieldset className="kit-fieldset kit-date-range" disabled={disabled}>
      <legend className="kit-label-md">{label}</legend>
      <div className="kit-date-range__inputs">
        <DateInput
          label={intl.formatMessage(kitMessages.dateRangeStart)}
          value={value.start}
          min={min}
          max={max}
          error={own.start}
          onValueChange={(start) => change({ ...value, start })}
        />
        <DateInput
          label={intl.formatMessage(kitMessages.dateRangeEnd)}
          value={value.end}
          min={
            value.start && isIsoDate(value.start) && (!min || value.start > min) ? value.start : min
          }
          max={max}
          error={error ?? own.end}
          onValueChange={(end) => change({ ...value, end })}
        />
      </div>
    </fieldset>
  );
}
