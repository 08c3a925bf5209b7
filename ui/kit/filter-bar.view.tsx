import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { formatMoney } from "../i18n/format.ts";
import { kitMessages } from "../i18n/messages.ts";
import { Button } from "./button.view.tsx";
import { cx } from "./cx.ts";
import { DateRangeInput } from "./date-input.view.tsx";
import type { FieldError } from "./field.view.tsx";
import {
  type AmountFilter,
  type AmountOperator,
  activeFilterCount,
  clearAllFilters,
  clearFilter,
  type DateRangeFilter,
  type FilterDefinition,
  type FilterProblem,
  type FilterValueOf,
  type FilterValues,
  setFilter,
} from "./filter-bar.ts";
import { MoneyInput } from "./number-input.view.tsx";
import { Select } from "./select.view.tsx";
import { TextField } from "./text-field.view.tsx";

export interface FilterBarProps {
  filters: readonly FilterDefinition[];
  values: FilterValues;
  /** The new values after an Apply, a removal or Clear all (always checked first). */
  onChange: (values: FilterValues) => void;
}

type AnyValue = FilterValueOf[keyof FilterValueOf];

/** The chip's text after the filter's name: "> $10.00", "Jan 1 – Jan 31, 2024", "Paid or Open". */
function useSummary(): (definition: FilterDefinition, value: AnyValue) => string {
  const intl = useIntl();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, intl.locale);
  const day = (iso: string) =>
    intl.formatDate(new Date(`${iso}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" });
  return (definition, value) => {
    switch (definition.kind) {
      case "amount": {
        const v = value as AmountFilter;
        if (v.op === "between")
          return `${money(v.min, definition.currency)} – ${money(v.max, definition.currency)}`;
        const sign = { equal: "=", greater: ">", less: "<" }[v.op];
        return `${sign} ${money(v.amount, definition.currency)}`;
      }
      case "date": {
        const v = value as DateRangeFilter;
        if (v.start && v.end) {
          return new Intl.DateTimeFormat(intl.locale, {
            dateStyle: "medium",
            timeZone: "UTC",
          }).formatRange(new Date(`${v.start}T00:00:00Z`), new Date(`${v.end}T00:00:00Z`));
        }
        return v.start ? `≥ ${day(v.start)}` : `≤ ${day(v.end)}`;
      }
      case "choice": {
        const labels = (value as readonly string[]).map(
          (x) => definition.options.find((o) => o.value === x)?.label ?? x,
        );
        return intl.formatList(labels, { type: "disjunction" });
      }
      case "text":
        return value as string;
    }
  };
}

/** A refused value, worded with the kit's field errors. */
function useProblemError(): (problem: FilterProblem) => FieldError {
  const intl = useIntl();
  return (problem) => {
    switch (problem.code) {
      case "empty":
        return { code: "required" };
      case "invalid_email":
        return { code: "invalid_email" };
      case "range_order":
        return { code: "custom", message: intl.formatMessage(kitMessages.dateRangeOrder) };
      default:
        return { code: "invalid" };
    }
  };
}

/**
 * A bar of filter chips above a list (amount, date range, status, payment method, text or
 * email). A chip shows the filter's name and, when set, its value; it opens a small editor
 * (a non-modal dialog: focus moves in, Escape or leaving closes it and focus returns to the
 * chip) whose Apply checks the value before the list sees it. Each set filter has a remove
 * button, and Clear all removes every one.
 */
export function FilterBar({ filters, values, onChange }: FilterBarProps) {
  const intl = useIntl();
  const summary = useSummary();
  const [open, setOpen] = useState<string | null>(null);
  const chipRefs = useRef(new Map<string, HTMLButtonElement>());
  const baseId = useId();

  const close = (focusChip: boolean) => {
    const id = open;
    setOpen(null);
    if (focusChip && id) chipRefs.current.get(id)?.focus();
  };

  return (
    <div
      className="kit-filter-bar"
      role="toolbar"
      aria-label={intl.formatMessage(kitMessages.filterLabel)}
    >
      {filters.map((definition) => {
        const value = values[definition.id];
        const set = value !== undefined;
        const popoverId = `${baseId}-${definition.id}`;
        return (
          <div key={definition.id} className="kit-filter">
            <div className={cx("kit-filter__chip", set && "kit-filter__chip--set")}>
              <button
                ref={(el) => {
                  if (el) chipRefs.current.set(definition.id, el);
                  else chipRefs.current.delete(definition.id);
                }}
                type="button"
                className="kit-filter__open"
                aria-haspopup="dialog"
                aria-expanded={open === definition.id}
                aria-controls={open === definition.id ? popoverId : undefined}
                onClick={() => setOpen(open === definition.id ? null : definition.id)}
              >
                <span className="kit-filter__name">{definition.label}</span>
                {set ? (
                  <span className="kit-filter__value">: {summary(definition, value)}</span>
                ) : null}
              </button>
              {set ? (
                <button
                  type="button"
                  className="kit-filter__remove"
                  aria-label={intl.formatMessage(kitMessages.filterRemove, {
                    label: definition.label,
                  })}
                  onClick={() => {
                    onChange(clearFilter(values, definition.id));
                    chipRefs.current.get(definition.id)?.focus();
                  }}
                >
                  <span aria-hidden="true">×</span>
                </button>
              ) : null}
            </div>
            {open === definition.id ? (
              <FilterEditor
                id={popoverId}
                definition={definition}
                value={value}
                onApply={(next) => {
                  const result = setFilter(filters, values, definition.id, next);
                  if (result.problem) return result.problem;
                  onChange(result.values);
                  close(true);
                  return undefined;
                }}
                onClose={close}
              />
            ) : null}
          </div>
        );
      })}
      {activeFilterCount(values) > 0 ? (
        <Button
          variant="secondary"
          onClick={() => {
            setOpen(null);
            onChange(clearAllFilters());
          }}
        >
          {intl.formatMessage(kitMessages.filterClearAll)}
        </Button>
      ) : null}
    </div>
  );
}

interface FilterEditorProps {
  id: string;
  definition: FilterDefinition;
  value: AnyValue | undefined;
  /** Returns the problem when the value is refused (the editor then stays open). */
  onApply: (value: AnyValue) => FilterProblem | undefined;
  onClose: (focusChip: boolean) => void;
}

function FilterEditor({ id, definition, value, onApply, onClose }: FilterEditorProps) {
  const intl = useIntl();
  const problemError = useProblemError();
  const ref = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<AnyValue>(() => value ?? emptyValue(definition));
  const [problem, setProblem] = useState<FilterProblem>();

  useEffect(() => {
    const first = ref.current?.querySelector<HTMLElement>("input, select, button");
    first?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose(true);
    }
  };

  const error = problem ? problemError(problem) : undefined;
  let editor: ReactNode;
  switch (definition.kind) {
    case "amount": {
      const v = draft as AmountFilter;
      const single = v.op === "between" ? null : v.amount;
      const money = (label: string, amount: number | null, set: (n: number) => void) => (
        <MoneyInput
          label={label}
          currency={definition.currency}
          value={amount === null || Number.isNaN(amount) ? null : amount}
          error={error}
          onValueChange={(n) => set(n ?? Number.NaN)}
        />
      );
      editor = (
        <>
          <Select
            label={intl.formatMessage(kitMessages.filterCondition)}
            value={v.op}
            options={(["equal", "between", "greater", "less"] as const).map((op) => ({
              value: op,
              label: intl.formatMessage(operatorMessage[op]),
            }))}
            onChange={(op) => {
              const base = v.op === "between" ? v.min : v.amount;
              setDraft(
                op === "between"
                  ? { op, min: base, max: v.op === "between" ? v.max : base }
                  : { op: op as Exclude<AmountOperator, "between">, amount: base },
              );
            }}
          />
          {v.op === "between" ? (
            <>
              {money(intl.formatMessage(kitMessages.filterFrom), v.min, (min) =>
                setDraft({ ...v, min }),
              )}
              {money(intl.formatMessage(kitMessages.filterTo), v.max, (max) =>
                setDraft({ ...v, max }),
              )}
            </>
          ) : (
            money(definition.label, single, (amount) => setDraft({ op: v.op, amount }))
          )}
        </>
      );
      break;
    }
    case "date":
      editor = (
        <DateRangeInput
          label={definition.label}
          value={draft as DateRangeFilter}
          error={error}
          onValueChange={(range) => setDraft(range)}
        />
      );
      break;
    case "choice": {
      const chosen = draft as readonly string[];
      editor = (
        <fieldset className="kit-fieldset">
          <legend className="kit-label-md">{definition.label}</legend>
          <div className="kit-filter__choices">
            {definition.options.map((option) => (
              <label key={option.value} className="kit-filter__choice">
                <input
                  type="checkbox"
                  className="kit-checkbox"
                  checked={chosen.includes(option.value)}
                  onChange={(event) =>
                    setDraft(
                      event.target.checked
                        ? definition.options
                            .map((o) => o.value)
                            .filter((x) => x === option.value || chosen.includes(x))
                        : chosen.filter((x) => x !== option.value),
                    )
                  }
                />
                {option.label}
              </label>
            ))}
          </div>
          {error ? (
            <div className="kit-body-sm kit-field__error">
              {intl.formatMessage(kitMessages.fieldRequired)}
            </div>
          ) : null}
        </fieldset>
      );
      break;
    }
    case "text":
      editor = (
        <TextField
          label={definition.label}
          type={definition.inputType ?? "text"}
          value={draft as string}
          error={error}
          onChange={(text) => setDraft(text)}
        />
      );
      break;
  }

  return (
    <div
      ref={ref}
      id={id}
      role="dialog"
      aria-label={definition.label}
      className="kit-filter__popover"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        const root = ref.current;
        // Focus left the editor (not to its own chip, whose click toggles it): close.
        if (root && next && !root.contains(next) && !root.parentElement?.contains(next))
          onClose(false);
      }}
    >
      <form
        className="kit-filter__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const found = onApply(draft);
          setProblem(found);
        }}
      >
        {editor}
        <div className="kit-filter__actions">
          <Button variant="primary" type="submit">
            {intl.formatMessage(kitMessages.filterApply)}
          </Button>
        </div>
      </form>
    </div>
  );
}

const operatorMessage = {
  equal: kitMessages.filterEqual,
  between: kitMessages.filterBetween,
  greater: kitMessages.filterGreater,
  less: kitMessages.filterLess,
} as const;

function emptyValue(definition: FilterDefinition): AnyValue {
  switch (definition.kind) {
    case "amount":
      return { op: "greater", amount: Number.NaN };
    case "date":
      return { start: "", end: "" };
    case "choice":
      return [];
    case "text":
      return "";
  }
}
