/**
 * One filter model for every list, shared by the three places that speak of list filters:
 *
 * - the catalogue's default-filter setters (`setDefaultFilters` of SPEC.md §5): their value
 *   schema is derived here from a list's filter spec (`defaultFiltersSchema`);
 * - the kit's FilterBar and the list machines: they hold `FilterValues` of this model, check
 *   each value with `checkFilter`, and turn the set into query parameters with `filterQuery`;
 * - the provider's list endpoints: they accept exactly those parameters
 *   (`filterQueryShape` of `filter-query.ts`, a zod shape for the route's query) and read
 *   them as bounds.
 *
 * A list declares its filters once as a `FilterSpec` (below: payments, disputes, balance
 * transactions, payouts). Values are the SPEC.md §5 shapes: an amount is
 * `{equals}` | `{greater_than}` | `{less_than}` | `{between: {lower_bound, upper_bound}}` in the
 * currency's minor unit; a date is `{before}` | `{after}` | `{between: {start, end}}` as ISO
 * dates (inclusive days); a choice is a set of values; text is a string; metadata is one
 * key and value.
 *
 * On the wire (the public conventions of READING.md, bracket-nested): an amount `amount=N`,
 * `amount[gt]=N`, `amount[lt]=N` or `amount[gte]=L&amount[lte]=U`; a date as Unix-second
 * bounds `created[gte]=T&created[lt]=T` (a day becomes instants in the viewer's time zone,
 * which the caller supplies through `dayStart`); a choice `status[]=a&status[]=b`; text
 * `customer_email=x`; metadata `metadata[key]=value`.
 */
import * as z from "zod/mini";
import { balanceTransactionTypes } from "./objects/balance-transaction.schema.ts";
import { type PaymentStatus, paymentStatuses } from "./objects/charge.schema.ts";
import { disputeReasons, disputeStatuses } from "./objects/dispute.schema.ts";
import { payoutStatuses } from "./objects/payout.schema.ts";

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

export type AmountCondition =
  | { equals: number }
  | { greater_than: number }
  | { less_than: number }
  | { between: { lower_bound: number; upper_bound: number } };

export type DateCondition =
  | { before: string }
  | { after: string }
  | { between: { start: string; end: string } };

export interface MetadataCondition {
  key: string;
  value: string;
}

export interface FilterValueOf {
  amount: AmountCondition;
  date: DateCondition;
  choice: readonly string[];
  text: string;
  metadata: MetadataCondition;
}
export type FilterKind = keyof FilterValueOf;
export type FilterValue = FilterValueOf[FilterKind];

/** The set filters of one list by field name; an absent field is not set. */
export type FilterValues = Readonly<Record<string, FilterValue>>;

// ---------------------------------------------------------------------------------------------
// Specs: which filters a list offers
// ---------------------------------------------------------------------------------------------

export type FilterField =
  | { kind: "amount" }
  | { kind: "date" }
  | {
      kind: "choice";
      options: readonly string[];
      /** The setter takes one value (SPEC.md §5 `paymentMethod`), the list a set. */
      setterSingle?: boolean;
    }
  | { kind: "text"; format?: "email" }
  | { kind: "metadata" };

export interface FilterFieldSpec {
  field: FilterField;
  /** The key of this filter in the catalogue's default-filter setter, when it has one. */
  setterKey?: string;
  /** The account-session feature that must be on for the provider to accept this filter. */
  feature?: string;
}

/** A list's filters by wire name (the query parameter's name). */
export type FilterSpec = Readonly<Record<string, FilterFieldSpec>>;

/** READING.md: the usual payment states (the charge object's `payment_status`). */
export { type PaymentStatus, paymentStatuses };

export const paymentMethodTypes = [
  "card",
  "card_present",
  "us_bank_account",
  "sepa_debit",
  "bacs_debit",
  "au_becs_debit",
  "acss_debit",
  "ideal",
  "bancontact",
  "eps",
  "giropay",
  "p24",
  "sofort",
  "klarna",
  "affirm",
  "afterpay_clearpay",
  "link",
  "paypal",
  "cashapp",
  "alipay",
  "wechat_pay",
  "boleto",
  "oxxo",
  "pix",
  "konbini",
] as const;

// The states and types a list filters on are the provider's own (protocol/objects/), so a
// filter never offers a value the provider cannot produce.

/** The payments list (SPEC.md §5 default filters, and the two feature-gated filters). */
export const paymentsFilterSpec = {
  amount: { field: { kind: "amount" }, setterKey: "amount" },
  created: { field: { kind: "date" }, setterKey: "date" },
  status: { field: { kind: "choice", options: paymentStatuses }, setterKey: "status" },
  payment_method: {
    field: { kind: "choice", options: paymentMethodTypes, setterSingle: true },
    setterKey: "paymentMethod",
  },
  customer_email: {
    field: { kind: "text", format: "email" },
    feature: "enable_embedded_email_filter_in_payments_list",
  },
  metadata: {
    field: { kind: "metadata" },
    feature: "enable_embedded_metadata_filter_in_payments_list",
  },
} as const satisfies FilterSpec;

export const disputesFilterSpec = {
  status: { field: { kind: "choice", options: disputeStatuses } },
  reason: { field: { kind: "choice", options: disputeReasons } },
  created: { field: { kind: "date" } },
} as const satisfies FilterSpec;

/** SPEC.md §5: the transactions list's default filter is on type only. */
export const transactionsFilterSpec = {
  type: { field: { kind: "choice", options: balanceTransactionTypes }, setterKey: "type" },
} as const satisfies FilterSpec;

export const payoutsFilterSpec = {
  status: { field: { kind: "choice", options: payoutStatuses } },
  created: { field: { kind: "date" } },
  amount: { field: { kind: "amount" } },
} as const satisfies FilterSpec;

// ---------------------------------------------------------------------------------------------
// Checking a value
// ---------------------------------------------------------------------------------------------

export type FilterProblem =
  | { code: "not_an_amount" }
  | { code: "range_order" }
  | { code: "negative" }
  | { code: "invalid_date" }
  | { code: "empty" }
  | { code: "invalid_email" }
  | { code: "unknown_option"; value: string };

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
export const isValidIsoDate = (s: string) =>
  isoDate.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkAmount(v: AmountCondition): FilterProblem | undefined {
  const amounts =
    "between" in v
      ? [v.between.lower_bound, v.between.upper_bound]
      : ["equals" in v ? v.equals : "greater_than" in v ? v.greater_than : v.less_than];
  if (!amounts.every((n) => Number.isSafeInteger(n))) return { code: "not_an_amount" };
  if (amounts.some((n) => n < 0)) return { code: "negative" };
  if ("between" in v && v.between.lower_bound > v.between.upper_bound)
    return { code: "range_order" };
  return undefined;
}

function checkDate(v: DateCondition): FilterProblem | undefined {
  const days =
    "between" in v ? [v.between.start, v.between.end] : ["before" in v ? v.before : v.after];
  if (!days.every(isValidIsoDate)) return { code: "invalid_date" };
  if ("between" in v && v.between.start > v.between.end) return { code: "range_order" };
  return undefined;
}

/** What is wrong with a filter's value, or undefined when a list can use it. */
export function checkFilter(field: FilterField, value: FilterValue): FilterProblem | undefined {
  switch (field.kind) {
    case "amount":
      return checkAmount(value as AmountCondition);
    case "date":
      return checkDate(value as DateCondition);
    case "choice": {
      const v = value as readonly string[];
      if (v.length === 0) return { code: "empty" };
      const unknown = v.find((x) => !field.options.includes(x));
      return unknown === undefined ? undefined : { code: "unknown_option", value: unknown };
    }
    case "text": {
      const v = (value as string).trim();
      if (v === "") return { code: "empty" };
      if (field.format === "email" && !emailPattern.test(v)) return { code: "invalid_email" };
      return undefined;
    }
    case "metadata": {
      const v = value as MetadataCondition;
      return v.key.trim() === "" || v.value === "" ? { code: "empty" } : undefined;
    }
  }
}

/**
 * Sets one filter. A value with a problem is refused: the values come back unchanged with
 * the problem, so a bad edit never reaches the list.
 */
export function setFilter(
  spec: FilterSpec,
  values: FilterValues,
  name: string,
  value: FilterValue,
): { values: FilterValues; problem?: FilterProblem } {
  const entry = spec[name];
  if (!entry) throw new Error(`filters: the list has no filter "${name}"`);
  const problem = checkFilter(entry.field, value);
  if (problem) return { values, problem };
  const normal = entry.field.kind === "text" ? (value as string).trim() : value;
  return { values: { ...values, [name]: normal } };
}

export function clearFilter(values: FilterValues, name: string): FilterValues {
  if (!(name in values)) return values;
  const { [name]: _removed, ...rest } = values;
  return rest;
}

/** How many filters are set. */
export const activeFilterCount = (values: FilterValues): number => Object.keys(values).length;

// ---------------------------------------------------------------------------------------------
// Values → query parameters (frames)
// ---------------------------------------------------------------------------------------------

/** The Unix second at which an ISO day starts, in the viewer's time zone. UTC by default. */
export type DayStart = (isoDate: string) => number;
export const utcDayStart: DayStart = (day) => Date.parse(`${day}T00:00:00Z`) / 1000;
/** The viewer's own time zone, for a frame in a browser. */
export const localDayStart: DayStart = (day) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return Math.floor(new Date(y, m - 1, d).getTime() / 1000);
};
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The query parameters of the set filters as `[name, value]` pairs (a set repeats its name),
 * in the spec's order so equal filters give equal URLs. A value that fails its check, or a
 * filter the list does not offer, is left out.
 */
export function filterQuery(
  spec: FilterSpec,
  values: FilterValues,
  dayStart: DayStart = utcDayStart,
): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, { field }] of Object.entries(spec)) {
    const value = values[name];
    if (value === undefined || checkFilter(field, value)) continue;
    switch (field.kind) {
      case "amount": {
        const v = value as AmountCondition;
        if ("equals" in v) out.push([name, String(v.equals)]);
        else if ("greater_than" in v) out.push([`${name}[gt]`, String(v.greater_than)]);
        else if ("less_than" in v) out.push([`${name}[lt]`, String(v.less_than)]);
        else
          out.push(
            [`${name}[gte]`, String(v.between.lower_bound)],
            [`${name}[lte]`, String(v.between.upper_bound)],
          );
        break;
      }
      case "date": {
        const v = value as DateCondition;
        // Days are inclusive: "after D" starts the day after D, "before D" ends before D.
        if ("before" in v) out.push([`${name}[lt]`, String(dayStart(v.before))]);
        else if ("after" in v) out.push([`${name}[gte]`, String(dayStart(nextDay(v.after)))]);
        else
          out.push(
            [`${name}[gte]`, String(dayStart(v.between.start))],
            [`${name}[lt]`, String(dayStart(nextDay(v.between.end)))],
          );
        break;
      }
      case "choice":
        for (const x of value as readonly string[]) out.push([`${name}[]`, x]);
        break;
      case "text":
        out.push([name, value as string]);
        break;
      case "metadata": {
        const v = value as MetadataCondition;
        out.push([`${name}[${v.key}]`, v.value]);
        break;
      }
    }
  }
  return out;
}

/** The query as a string (`amount[gte]=1000&status[]=succeeded`), encoded. */
export const filterQueryString = (
  spec: FilterSpec,
  values: FilterValues,
  dayStart?: DayStart,
): string => new URLSearchParams(filterQuery(spec, values, dayStart)).toString();

// ---------------------------------------------------------------------------------------------
// The catalogue's default-filter setters
// ---------------------------------------------------------------------------------------------

/** Integer amount in the currency's minor unit (READING.md). */
const minorAmount = z
  .number({ error: "must be a number" })
  .check(
    z.int("must be a whole amount in the currency's minor unit"),
    z.nonnegative("must not be negative"),
  );
const setterDate = z.pipe(
  z.union([z.date(), z.iso.date()], { error: "must be a Date or an ISO date" }),
  z.transform((d) => (typeof d === "string" ? d : d.toISOString().slice(0, 10))),
);

export const amountConditionSchema = z.union(
  [
    z.strictObject({ equals: minorAmount }),
    z.strictObject({ greater_than: minorAmount }),
    z.strictObject({ less_than: minorAmount }),
    z.strictObject({
      between: z
        .strictObject({ lower_bound: minorAmount, upper_bound: minorAmount })
        .check(
          z.refine(
            (b) => b.lower_bound <= b.upper_bound,
            "lower_bound must not exceed upper_bound",
          ),
        ),
    }),
  ],
  { error: "must be one of { equals }, { greater_than }, { less_than }, { between }" },
);

export const dateConditionSchema = z.union(
  [
    z.strictObject({ before: setterDate }),
    z.strictObject({ after: setterDate }),
    z.strictObject({
      between: z
        .strictObject({ start: setterDate, end: setterDate })
        .check(z.refine((b) => b.start <= b.end, "start must not be after end")),
    }),
  ],
  { error: "must be one of { before }, { after }, { between: { start, end } }" },
);

function setterValueSchema(field: FilterField): z.ZodMiniType {
  switch (field.kind) {
    case "amount":
      return amountConditionSchema;
    case "date":
      return dateConditionSchema;
    case "choice": {
      const one = z.enum(field.options as [string, ...string[]], {
        error: `must be one of ${field.options.slice(0, 6).join(", ")}${field.options.length > 6 ? ", …" : ""}`,
      });
      return field.setterSingle ? one : z.array(one, { error: "must be a list" });
    }
    case "text":
      return z.string();
    case "metadata":
      return z.strictObject({ key: z.string().check(z.minLength(1)), value: z.string() });
  }
}

/**
 * The value schema of a list's `setDefaultFilters` (SPEC.md §5), derived from its spec: the
 * setter's keys are the spec's `setterKey`s, and any other key is refused by name. Parsing
 * gives the setter's own shape; `fromDefaultFilters` turns it into `FilterValues`.
 */
export function defaultFiltersSchema(spec: FilterSpec, shapeDescription: string) {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const { field, setterKey } of Object.values(spec)) {
    if (setterKey) shape[setterKey] = z.optional(setterValueSchema(field));
  }
  return z.strictObject(shape, { error: `must be an object ${shapeDescription}` });
}

/**
 * A setter's value as the list's `FilterValues`. The value is parsed again by the spec's
 * setter schema (a Date becomes its ISO day), so a frame can pass what the host forwarded;
 * a value the schema refuses throws (the element refused it before it reached the frame).
 */
export function fromDefaultFilters(spec: FilterSpec, value: unknown): FilterValues {
  const parsed = defaultFiltersSchema(spec, "").parse(value) as Record<string, unknown>;
  const out: Record<string, FilterValue> = {};
  for (const [name, { field, setterKey }] of Object.entries(spec)) {
    if (!setterKey || parsed[setterKey] === undefined) continue;
    const v = parsed[setterKey];
    out[name] = field.kind === "choice" && field.setterSingle ? [v as string] : (v as FilterValue);
  }
  return out;
}
