/**
 * The kit's period picker (the reports): a first and a last day (included), applied with a
 * button, so a report is asked for once per period. Days are UTC calendar days; the period
 * given to `onApply` is `[start, end)` in Unix seconds. Pure.
 */
import { type FormEvent, useState } from "react";
import { Button, DateInput } from "../../kit/index.ts";

const DAY = 86_400;

/** A period of whole UTC days, `[start, end)` in Unix seconds. */
export interface DayPeriod {
  start: number;
  end: number;
}

export const isoDayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const secondsOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

/** The last `days` whole days up to and including the day of `now`. */
export function lastDays(now: number, days: number): DayPeriod {
  const end = Math.floor(now / DAY) * DAY + DAY;
  return { start: end - days * DAY, end };
}

export interface PeriodPickerProps {
  period: DayPeriod;
  labels: { from: string; to: string; apply: string; invalid: string };
  busy?: boolean;
  onApply(period: DayPeriod): void;
}

export function PeriodPicker({ period, labels, busy = false, onApply }: PeriodPickerProps) {
  const [from, setFrom] = useState(isoDayOf(period.start));
  const [to, setTo] = useState(isoDayOf(period.end - DAY));
  const invalid = from !== "" && to !== "" && to < from;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (from === "" || to === "" || invalid) return;
    onApply({ start: secondsOf(from), end: secondsOf(to) + DAY });
  };
  return (
    <form className="kit-period-picker" onSubmit={submit}>
      <DateInput label={labels.from} value={from} onValueChange={setFrom} required />
      <DateInput
        label={labels.to}
        value={to}
        onValueChange={setTo}
        required
        {...(invalid ? { error: { code: "custom" as const, message: labels.invalid } } : {})}
      />
      <Button type="submit" disabled={busy}>
        {labels.apply}
      </Button>
    </form>
  );
}
