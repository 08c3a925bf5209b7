/**
 * The filter bar's value model, pure: which filters a list offers, what each is set to, how a
 * value is checked, and how it becomes the list API's query parameters. A list machine holds
 * a `FilterValues` and calls `filterQuery` when it fetches; the view only edits the value.
 *
 * Query parameters follow the list endpoints' convention: `field` for equality,
 * `field[gt]`, `field[gte]`, `field[lt]`, `field[lte]` for bounds, and `field[]` repeated for
 * a set of values. Amounts are integers in minor units; dates are ISO dates (inclusive).
 */

export type AmountOperator = "equal" | "between" | "greater" | "less";

export type AmountFilter =
  | { op: "equal" | "greater" | "less"; amount: number }
  | { op: "between"; min: number; max: number };

export interface DateRangeFilter {
  /** Inclusive ISO dates; "" leaves that end open. */
  start: string;
  end: string;
}

export type FilterDefinition =
  | { kind: "amount"; id: string; label: string; currency: string; param?: string }
  | { kind: "date"; id: string; label: string; param?: string }
  | {
      kind: "choice";
      id: string;
      label: string;
      options: readonly { value: string; label: string }[];
      param?: string;
    }
  | { kind: "text"; id: string; label: string; inputType?: "text" | "email"; param?: string };

/** The value each kind of filter holds. */
export interface FilterValueOf {
  amount: AmountFilter;
  date: DateRangeFilter;
  choice: readonly string[];
  text: string;
}

/** The set filters by id; an absent id is not set. */
export type FilterValues = Readonly<Record<string, FilterValueOf[keyof FilterValueOf]>>;

export type FilterProblem =
  | { code: "not_an_amount" }
  | { code: "range_order" }
  | { code: "negative" }
  | { code: "invalid_date" }
  | { code: "empty" }
  | { code: "invalid_email" }
  | { code: "unknown_option"; value: string };

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const validIsoDate = (s: string) =>
  isoDate.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const minorUnits = (n: number) => Number.isSafeInteger(n);

/** What is wrong with a filter's value, or undefined when the list can use it. */
export function checkFilter(
  definition: FilterDefinition,
  value: FilterValueOf[keyof FilterValueOf],
): FilterProblem | undefined {
  switch (definition.kind) {
    case "amount": {
      const v = value as AmountFilter;
      if (v.op === "between") {
        if (!minorUnits(v.min) || !minorUnits(v.max)) return { code: "not_an_amount" };
        if (v.min < 0 || v.max < 0) return { code: "negative" };
        if (v.min > v.max) return { code: "range_order" };
        return undefined;
      }
      if (!minorUnits(v.amount)) return { code: "not_an_amount" };
      return v.amount < 0 ? { code: "negative" } : undefined;
    }
    case "date": {
      const v = value as DateRangeFilter;
      if (v.start === "" && v.end === "") return { code: "empty" };
      if ((v.start && !validIsoDate(v.start)) || (v.end && !validIsoDate(v.end)))
        return { code: "invalid_date" };
      if (v.start && v.end && v.start > v.end) return { code: "range_order" };
      return undefined;
    }
    case "choice": {
      const v = value as readonly string[];
      if (v.length === 0) return { code: "empty" };
      const unknown = v.find((x) => !definition.options.some((o) => o.value === x));
      return unknown === undefined ? undefined : { code: "unknown_option", value: unknown };
    }
    case "text": {
      const v = (value as string).trim();
      if (v === "") return { code: "empty" };
      if (definition.inputType === "email" && !email.test(v)) return { code: "invalid_email" };
      return undefined;
    }
  }
}

/**
 * Sets one filter. A value with a problem is refused: the values come back unchanged with the
 * problem, so a bad edit never reaches the list.
 */
export function setFilter(
  definitions: readonly FilterDefinition[],
  values: FilterValues,
  id: string,
  value: FilterValueOf[keyof FilterValueOf],
): { values: FilterValues; problem?: FilterProblem } {
  const definition = definitions.find((d) => d.id === id);
  if (!definition) throw new Error(`filter bar: no filter "${id}"`);
  const problem = checkFilter(definition, value);
  if (problem) return { values, problem };
  const normal = definition.kind === "text" ? (value as string).trim() : value;
  return { values: { ...values, [id]: normal } };
}

export function clearFilter(values: FilterValues, id: string): FilterValues {
  if (!(id in values)) return values;
  const { [id]: _removed, ...rest } = values;
  return rest;
}

export const clearAllFilters = (): FilterValues => ({});

/** How many filters are set. */
export const activeFilterCount = (values: FilterValues): number => Object.keys(values).length;

/**
 * The query parameters of the set filters, as `[name, value]` pairs (a set of values repeats
 * its name), in the definitions' order so equal filters give equal URLs. Values that fail
 * their check are left out.
 */
export function filterQuery(
  definitions: readonly FilterDefinition[],
  values: FilterValues,
): [string, string][] {
  const out: [string, string][] = [];
  for (const definition of definitions) {
    const value = values[definition.id];
    if (value === undefined || checkFilter(definition, value)) continue;
    const name = definition.param ?? definition.id;
    switch (definition.kind) {
      case "amount": {
        const v = value as AmountFilter;
        if (v.op === "between")
          out.push([`${name}[gte]`, String(v.min)], [`${name}[lte]`, String(v.max)]);
        else if (v.op === "equal") out.push([name, String(v.amount)]);
        else out.push([`${name}[${v.op === "greater" ? "gt" : "lt"}]`, String(v.amount)]);
        break;
      }
      case "date": {
        const v = value as DateRangeFilter;
        if (v.start) out.push([`${name}[gte]`, v.start]);
        if (v.end) out.push([`${name}[lte]`, v.end]);
        break;
      }
      case "choice":
        for (const x of value as readonly string[]) out.push([`${name}[]`, x]);
        break;
      case "text":
        out.push([name, value as string]);
        break;
    }
  }
  return out;
}

/** The query as a string (`amount[gte]=1000&status[]=paid`), encoded. */
export const filterQueryString = (
  definitions: readonly FilterDefinition[],
  values: FilterValues,
): string => new URLSearchParams(filterQuery(definitions, values)).toString();
