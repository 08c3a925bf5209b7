import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { formatMoney } from "../i18n/format.ts";
import { kitMessages } from "../i18n/messages.ts";
import { Button } from "./button.view.tsx";
import { cx } from "./cx.ts";
import { DateInput, DateRangeInput } from "./date-input.view.tsx";
import type { FieldError } from "./field.view.tsx";
import {
  type AmountCondition,
  activeFilterCount,
  clearAllFilters,
  clearFilter,
  type DateCondition,
  type FilterDefinition,
  type FilterProblem,
  type FilterValue,
  type FilterValues,
  type MetadataCondition,
  setFilter,
  specOf,
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

type AnyValue = FilterValue;

/** The chip's text after the filter's name: "> $10.00", "Jan 1 – Jan 31, 2024", "Paid or Open". */
function useSummary(): (definition: FilterDefinition, value: AnyValue) => string {
  const intl = useIntl();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, intl.locale);
  const day = (iso: string) =>
    intl.formatDate(new Date(`${iso}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" });
  const range = (start: string, end: string) =>
    new Intl.DateTimeFormat(intl.locale, { dateStyle: "medium", timeZone: "UTC" }).formatRange(
      new Date(`${start}T00:00:00Z`),
      new Date(`${end}T00:00:00Z`),
    );
  return (definition, value) => {
    const currency = definition.currency ?? "usd";
    switch (definition.field.kind) {
      case "amount": {
        const v = value as AmountCondition;
        if ("between" in v)
          return `${money(v.between.lower_bound, currency)} – ${money(v.between.upper_bound, currency)}`;
        if ("equals" in v) return `= ${money(v.equals, currency)}`;
        if ("greater_than" in v) return `> ${money(v.greater_than, currency)}`;
        return `< ${money(v.less_than, currency)}`;
      }
      case "date": {
        const v = value as DateCondition;
        if ("between" in v) return range(v.between.start, v.between.end);
        return "before" in v ? `< ${day(v.before)}` : `> ${day(v.after)}`;
      }
      case "choice": {
        const labels = (value as readonly string[]).map((x) => definition.optionLabels?.[x] ?? x);
        return intl.formatList(labels, { type: "disjunction" });
      }
      case "text":
        return value as string;
      case "metadata": {
        const v = value as MetadataCondition;
        return `${v.key} = ${v.value}`;
      }
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
 * A bar of filter chips above a list (amount, date, a choice such as status or payment method,
 * text or email, metadata), editing the one filter model of protocol/filters.ts. A chip shows the filter's name and, when set, its value; it opens a small editor
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
        const value = values[definition.name];
        const set = value !== undefined;
        const popoverId = `${baseId}-${definition.name}`;
        return (
          <div key={definition.name} className="kit-filter">
            <div className={cx("kit-filter__chip", set && "kit-filter__chip--set")}>
              <button
                ref={(el) => {
                  if (el) chipRefs.current.set(definition.name, el);
                  else chipRefs.current.delete(definition.name);
                }}
                type="button"
                className="kit-filter__open"
                aria-haspopup="dialog"
                aria-expanded={open === definition.name}
                aria-controls={open === definition.name ? popoverId : undefined}
                onClick={() => setOpen(open === definition.name ? null : definition.name)}
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
                    onChange(clearFilter(values, definition.name));
                    chipRefs.current.get(definition.name)?.focus();
                  }}
                >
                  <span aria-hidden="true">×</span>
                </button>
              ) : null}
            </div>
            {open === definition.name ? (
              <FilterEditor
                id={popoverId}
                definition={definition}
                value={value}
                onApply={(next) => {
                  const result = setFilter(specOf(filters), values, definition.name, next);
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

/**
 * What an editor holds while the person types: a comparison and one or two operands (an
 * amount in minor units, NaN while empty; or an ISO day, "" while empty). It becomes the
 * model's value only on Apply, where the model checks it.
 */
type AmountOp = "equals" | "between" | "greater_than" | "less_than";
type DateOp = "between" | "before" | "after";
type Draft =
  | { kind: "amount"; op: AmountOp; a: number; b: number }
  | { kind: "date"; op: DateOp; a: string; b: string }
  | { kind: "choice"; chosen: readonly string[] }
  | { kind: "text"; text: string }
  | { kind: "metadata"; key: string; value: string };

function draftOf(definition: FilterDefinition, value: AnyValue | undefined): Draft {
  switch (definition.field.kind) {
    case "amount": {
      const v = value as AmountCondition | undefined;
      if (!v) return { kind: "amount", op: "greater_than", a: Number.NaN, b: Number.NaN };
      if ("between" in v)
        return {
          kind: "amount",
          op: "between",
          a: v.between.lower_bound,
          b: v.between.upper_bound,
        };
      if ("equals" in v) return { kind: "amount", op: "equals", a: v.equals, b: Number.NaN };
      if ("greater_than" in v)
        return { kind: "amount", op: "greater_than", a: v.greater_than, b: Number.NaN };
      return { kind: "amount", op: "less_than", a: v.less_than, b: Number.NaN };
    }
    case "date": {
      const v = value as DateCondition | undefined;
      if (!v) return { kind: "date", op: "between", a: "", b: "" };
      if ("between" in v)
        return { kind: "date", op: "between", a: v.between.start, b: v.between.end };
      return "before" in v
        ? { kind: "date", op: "before", a: v.before, b: "" }
        : { kind: "date", op: "after", a: v.after, b: "" };
    }
    case "choice":
      return { kind: "choice", chosen: (value as readonly string[] | undefined) ?? [] };
    case "text":
      return { kind: "text", text: (value as string | undefined) ?? "" };
    case "metadata": {
      const v = value as MetadataCondition | undefined;
      return { kind: "metadata", key: v?.key ?? "", value: v?.value ?? "" };
    }
  }
}

function modelValue(draft: Draft): AnyValue {
  switch (draft.kind) {
    case "amount":
      if (draft.op === "between")
        return { between: { lower_bound: draft.a, upper_bound: draft.b } };
      return { [draft.op]: draft.a } as AmountCondition;
    case "date":
      if (draft.op === "between") return { between: { start: draft.a, end: draft.b } };
      return { [draft.op]: draft.a } as DateCondition;
    case "choice":
      return draft.chosen;
    case "text":
      return draft.text;
    case "metadata":
      return { key: draft.key.trim(), value: draft.value };
  }
}

function FilterEditor({ id, definition, value, onApply, onClose }: FilterEditorProps) {
  const intl = useIntl();
  const problemError = useProblemError();
  const ref = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(definition, value));
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
  const condition = (options: readonly string[], current: string, set: (op: string) => void) => (
    <Select
      label={intl.formatMessage(kitMessages.filterCondition)}
      value={current}
      options={options.map((op) => ({
        value: op,
        label: intl.formatMessage(operatorMessage[op as keyof typeof operatorMessage]),
      }))}
      onChange={set}
    />
  );
  let editor: ReactNode;
  switch (draft.kind) {
    case "amount": {
      const currency = definition.currency ?? "usd";
      const money = (label: string, amount: number, set: (n: number) => void) => (
        <MoneyInput
          label={label}
          currency={currency}
          value={Number.isNaN(amount) ? null : amount}
          error={error}
          onValueChange={(n) => set(n ?? Number.NaN)}
        />
      );
      editor = (
        <>
          {condition(["equals", "between", "greater_than", "less_than"], draft.op, (op) =>
            setDraft({
              ...draft,
              op: op as AmountOp,
              b: Number.isNaN(draft.b) ? draft.a : draft.b,
            }),
          )}
          {draft.op === "between" ? (
            <>
              {money(intl.formatMessage(kitMessages.filterFrom), draft.a, (a) =>
                setDraft({ ...draft, a }),
              )}
              {money(intl.formatMessage(kitMessages.filterTo), draft.b, (b) =>
                setDraft({ ...draft, b }),
              )}
            </>
          ) : (
            money(definition.label, draft.a, (a) => setDraft({ ...draft, a }))
          )}
        </>
      );
      break;
    }
    case "date":
      editor = (
        <>
          {condition(["between", "before", "after"], draft.op, (op) =>
            setDraft({ ...draft, op: op as DateOp }),
          )}
          {draft.op === "between" ? (
            <DateRangeInput
              label={definition.label}
              value={{ start: draft.a, end: draft.b }}
              error={error}
              onValueChange={(range) => setDraft({ ...draft, a: range.start, b: range.end })}
            />
          ) : (
            <DateInput
              label={definition.label}
              value={draft.a}
              error={error}
              onValueChange={(a) => setDraft({ ...draft, a })}
            />
          )}
        </>
      );
      break;
    case "choice": {
      const options = definition.field.kind === "choice" ? definition.field.options : [];
      const chosen = draft.chosen;
      editor = (
        <fieldset className="kit-fieldset">
          <legend className="kit-label-md">{definition.label}</legend>
          <div className="kit-filter__choices">
            {options.map((option) => (
              <label key={option} className="kit-filter__choice">
                <input
                  type="checkbox"
                  className="kit-checkbox"
                  checked={chosen.includes(option)}
                  onChange={(event) =>
                    setDraft({
                      kind: "choice",
                      chosen: event.target.checked
                        ? options.filter((x) => x === option || chosen.includes(x))
                        : chosen.filter((x) => x !== option),
                    })
                  }
                />
                {definition.optionLabels?.[option] ?? option}
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
          type={
            definition.field.kind === "text" && definition.field.format === "email"
              ? "email"
              : "text"
          }
          value={draft.text}
          error={error}
          onChange={(text) => setDraft({ kind: "text", text })}
        />
      );
      break;
    case "metadata":
      editor = (
        <fieldset className="kit-fieldset">
          <legend className="kit-label-md">{definition.label}</legend>
          <TextField
            label={intl.formatMessage(kitMessages.filterMetadataKey)}
            value={draft.key}
            error={error}
            onChange={(key) => setDraft({ ...draft, key })}
          />
          <TextField
            label={intl.formatMessage(kitMessages.filterMetadataValue)}
            value={draft.value}
            onChange={(text) => setDraft({ ...draft, value: text })}
          />
        </fieldset>
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
          const found = onApply(modelValue(draft));
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
  equals: kitMessages.filterEqual,
  between: kitMessages.filterBetween,
  greater_than: kitMessages.filterGreater,
  less_than: kitMessages.filterLess,
  before: kitMessages.filterBefore,
  after: kitMessages.filterAfter,
} as const;
