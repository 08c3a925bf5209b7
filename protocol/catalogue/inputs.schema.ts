/**
 * Component inputs (SPEC.md §5) as zod schemas. Entries attach them to the attributes and
 * setters they govern. Attribute schemas parse the raw attribute string; setter schemas
 * parse the value a platform passes to `setX(...)`. Every error message reads on its own
 * after "<component> <input>: ".
 */
import * as z from "zod/mini";
import { defaultFiltersSchema, paymentsFilterSpec, transactionsFilterSpec } from "../filters.ts";

// ---------------------------------------------------------------------------------------------
// Attribute primitives
// ---------------------------------------------------------------------------------------------

/** A boolean attribute: "true", "false", or present without a value (""). */
export const booleanAttribute = z.pipe(
  z.enum(["true", "false", ""], { error: 'must be "true", "false" or present without a value' }),
  z.transform((v) => v !== "false"),
);

/** An http or https URL (no javascript:, data: or relative URLs). */
export const urlAttribute = z.url({
  protocol: /^https?$/,
  hostname: /^[^\s]+$/,
  error: "must be an absolute http or https URL",
});

/** A prefixed object id, e.g. `po_123`. */
const prefixedId = (prefixes: readonly [string, ...string[]], what: string) =>
  z
    .string()
    .check(
      z.regex(
        new RegExp(`^(?:${prefixes.join("|")})[A-Za-z0-9]+$`),
        `must be a ${what} id starting with ${prefixes.map((p) => `"${p}"`).join(" or ")}`,
      ),
    );

export const payoutId = prefixedId(["po_"], "payout");
export const paymentId = prefixedId(["py_", "ch_"], "payment");
export const chargeId = prefixedId(["ch_"], "charge");
export const financialAccountId = prefixedId(["fa_"], "financial account");
export const paymentMethodConfigurationId = prefixedId(["pmc_"], "payment method configuration");
export const issuingCardId = prefixedId(["ic_"], "issuing card");
export const financingOfferId = prefixedId(["financingoffer_"], "financing offer");
export const userId = prefixedId(["usr_"], "user");

/** An app id in reverse-DNS form, e.g. `com.example.app`. */
export const appId = z
  .string()
  .check(z.regex(/^[a-z0-9]+(?:\.[a-z0-9_-]+)+$/i, 'must be an app id such as "com.example.app"'));

/** A free-form, non-empty attribute value. */
export const nonEmptyText = z.string().check(z.minLength(1, "must not be empty"));

/** A payout's description: 1 to 1000 characters, as the provider takes it. */
export const payoutDescription = z
  .string()
  .check(z.minLength(1, "must not be empty"), z.maxLength(1000, "must be at most 1000 characters"));

/** A positive number, e.g. a chart aspect ratio "1.5". */
export const positiveNumberAttribute = z
  .pipe(
    z.string().check(z.regex(/^\d+(?:\.\d+)?$/, "must be a positive number such as 1.5")),
    z.transform(Number),
  )
  .check(z.refine((n) => n > 0, "must be greater than zero"));

/** A three-letter lower-case ISO currency code. */
export const currencyCode = z
  .string()
  .check(z.regex(/^[a-z]{3}$/, 'must be a currency code such as "usd"'));

/** A two-letter upper-case ISO country code. */
export const countryCode = z
  .string()
  .check(z.regex(/^[A-Z]{2}$/, 'must be a country code such as "US"'));
export const countryList = z.array(countryCode);

// ---------------------------------------------------------------------------------------------
// Setter primitives
// ---------------------------------------------------------------------------------------------

// biome-ignore lint/suspicious/noExplicitAny: a platform callback may take any arguments
export type AnyFunction = (...args: any[]) => unknown;

/** A function passed through to the platform's code (checked, never called here). */
export const functionValue = z.custom<AnyFunction>((v) => typeof v === "function", {
  error: "must be a function",
});

export const booleanValue = z.boolean({ error: "must be true or false" });

/** A free-form property bag (app data, prefill data). */
export const propertyBag = z.record(z.string(), z.unknown(), {
  error: "must be a plain object",
});

// ---------------------------------------------------------------------------------------------
// Reporting chart
// ---------------------------------------------------------------------------------------------

export const reportNames = ["gross_volume", "net_volume"] as const;
export const reportName = z.enum(reportNames, {
  error: 'must be "gross_volume" or "net_volume"',
});
export type ReportName = z.infer<typeof reportName>;

export const intervalTypes = ["day", "week", "month"] as const;
export const intervalType = z.enum(intervalTypes, {
  error: 'must be "day", "week" or "month"',
});
export type IntervalType = z.infer<typeof intervalType>;

/** intervalStart / intervalEnd: a Date, or an ISO date or date-time string. */
export const intervalDate = z
  .pipe(
    z.union([z.date(), z.iso.date(), z.iso.datetime({ offset: true })], {
      error: "must be a valid Date or an ISO 8601 date",
    }),
    z.transform((v) => (v instanceof Date ? v : new Date(v))),
  )
  .check(z.refine((d) => !Number.isNaN(d.getTime()), "must be a valid date"));

const DAY_MS = 86_400_000;
/** Up to this many days a chart shows one point per day (about a quarter). */
export const MAX_DAILY_SPAN_DAYS = 92;
/** Up to this many days a chart shows one point per week (about a year). */
export const MAX_WEEKLY_SPAN_DAYS = 371;

/**
 * SPEC.md §5: when interval-type is not given, "a suitable value is chosen from
 * intervalStart and intervalEnd". We keep the chart between ~7 and ~92 points: daily up
 * to a quarter, weekly up to a year, monthly beyond.
 */
export function chooseIntervalType(start: Date, end: Date): IntervalType {
  const days = Math.abs(end.getTime() - start.getTime()) / DAY_MS;
  if (days <= MAX_DAILY_SPAN_DAYS) return "day";
  if (days <= MAX_WEEKLY_SPAN_DAYS) return "week";
  return "month";
}

/**
 * The reporting chart's effective interval: intervalStart / intervalEnd default to the
 * start and end of the available data (SPEC.md §5), and the interval type is chosen from
 * them when absent. A start after the end is swapped rather than rejected.
 */
export function resolveChartInterval(
  input: { intervalStart?: Date; intervalEnd?: Date; intervalType?: IntervalType },
  available: { start: Date; end: Date },
): { start: Date; end: Date; intervalType: IntervalType } {
  let start = input.intervalStart ?? available.start;
  let end = input.intervalEnd ?? available.end;
  if (start.getTime() > end.getTime()) [start, end] = [end, start];
  return { start, end, intervalType: input.intervalType ?? chooseIntervalType(start, end) };
}

// ---------------------------------------------------------------------------------------------
// Capital financing promotion
// ---------------------------------------------------------------------------------------------

export const promotionLayout = z.enum(["banner", "full"], {
  error: 'must be "banner" or "full"',
});

/** How the "Start application" action presents the application. */
export const applicationPresentation = z.enum(["overlay", "inline"], {
  error: 'must be "overlay" or "inline"',
});

// ---------------------------------------------------------------------------------------------
// Account management and onboarding
// ---------------------------------------------------------------------------------------------

/** SPEC.md §5: the only sections that may be disabled or targeted by the form. */
export const accountSections = ["company", "person", "support", "external_account"] as const;
export const accountSection = z.enum(accountSections, {
  error: 'must be one of "company", "person", "support", "external_account"',
});
export type AccountSection = z.infer<typeof accountSection>;

export const disabledSections = z.array(accountSection, {
  error: "must be a list of sections",
});

/** Hidden sections are not limited by §5; any section key. */
export const hiddenSections = z.array(
  z.string().check(z.regex(/^[a-z][a-z0-9_]*$/, "must be a section key such as external_account")),
  { error: "must be a list of sections" },
);

/** A person's id as the provider makes them (`person_…`). */
export const personIdPattern = /^person_[A-Za-z0-9]+$/;

/** The external_account section's subviews: the payout bank account's flow, opened at once. */
export const externalAccountSubviews = ["bank_account"] as const;

/**
 * The account-management form's target: a section and (optionally) one of its subviews.
 * `person` has `add` (a new person) or a person's id (that person's form); with none it opens
 * the representative (the individual, for an individual's account). `external_account` has
 * `bank_account`: the flow that adds or replaces the payout bank account (the external_account
 * key flow) opened at once, not behind its button. No other section has subviews.
 */
export const sectionView = z
  .strictObject(
    {
      section: accountSection,
      subview: z.optional(z.string()),
    },
    { error: "must be an object { section, subview }" },
  )
  .check(
    z.superRefine((view, ctx) => {
      if (view.subview === undefined) return;
      if (view.section === "person") {
        if (view.subview === "add" || personIdPattern.test(view.subview)) return;
        ctx.issues.push({
          code: "custom",
          path: ["subview"],
          message: 'must be "add" or a person\'s id (person_…) for the person section',
          input: view.subview,
        });
        return;
      }
      if (view.section === "external_account") {
        if ((externalAccountSubviews as readonly string[]).includes(view.subview)) return;
        ctx.issues.push({
          code: "custom",
          path: ["subview"],
          message: 'must be "bank_account" for the external_account section',
          input: view.subview,
        });
        return;
      }
      ctx.issues.push({
        code: "custom",
        path: ["subview"],
        message: `must be left out: the ${view.section} section has no subviews`,
        input: view.subview,
      });
    }),
  );

/** The requirement fields an onboarding or management flow collects. */
export const collectionFields = z.enum(["currently_due", "eventually_due"], {
  error: 'must be "currently_due" or "eventually_due"',
});

/** SPEC.md §3 "Collection options", in the shape platforms know. */
export const collectionOptions = z.strictObject(
  {
    fields: collectionFields,
    future_requirements: z.optional(
      z.enum(["omit", "include"], { error: 'must be "omit" or "include"' }),
    ),
    /** Only the requirements named (`only`), or all but those named (`exclude`). */
    requirements: z.optional(
      z.union(
        [
          z.strictObject({ only: z.array(z.string().check(z.minLength(1))) }),
          z.strictObject({ exclude: z.array(z.string().check(z.minLength(1))) }),
        ],
        { error: "must be { only: [requirement, …] } or { exclude: [requirement, …] }" },
      ),
    ),
  },
  { error: "must be an object { fields, future_requirements, requirements }" },
);
export type CollectionOptions = z.infer<typeof collectionOptions>;

/** The account types a connected account can have. */
export const accountTypes = ["custom", "express", "standard", "none"] as const;
export type AccountType = (typeof accountTypes)[number];

/**
 * SPEC.md §5: "The terms-of-service and privacy-policy URL setters and the skip-terms setter
 * are supported only for custom accounts." The catalogue marks those inputs with
 * `customAccountsOnly`; this is the run-time half of the rule.
 */
export function accountTypeAllows(
  input: { customAccountsOnly?: boolean | undefined },
  accountType: AccountType,
): boolean {
  return !input.customAccountsOnly || accountType === "custom";
}

// ---------------------------------------------------------------------------------------------
// Lists: default filters (derived from the one filter model, protocol/filters.ts)
// ---------------------------------------------------------------------------------------------

/** SPEC.md §5: the transactions list accepts a default filter on type only. */
export const transactionsDefaultFilters = defaultFiltersSchema(transactionsFilterSpec, "{ type }");

/** SPEC.md §5: the payments list accepts default filters on amount, date, status, method. */
export const paymentsDefaultFilters = defaultFiltersSchema(
  paymentsFilterSpec,
  "{ amount, date, status, paymentMethod }",
);

// ---------------------------------------------------------------------------------------------
// Tax
// ---------------------------------------------------------------------------------------------

/** A product tax code, e.g. `txcd_10000000`. */
export const taxCode = z
  .string()
  .check(z.regex(/^txcd_\d{8}$/, 'must be a tax code such as "txcd_10000000"'));

// ---------------------------------------------------------------------------------------------
// Readable errors
// ---------------------------------------------------------------------------------------------

/**
 * One short sentence from a failed parse: the first issue with its path, preferring an
 * unaccepted key (the likeliest mistake in a filter or options object).
 */
export function describeIssues(error: z.core.$ZodError): string {
  const issue = error.issues.find((i) => i.code === "unrecognized_keys") ?? error.issues[0];
  if (!issue) return "is invalid";
  const path = issue.path.length ? `${issue.path.map(String).join(".")}: ` : "";
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.map((k) => `"${k}"`).join(", ");
    return `${path}${issue.keys.length > 1 ? "keys" : "key"} ${keys} ${issue.keys.length > 1 ? "are" : "is"} not accepted here`;
  }
  return `${path}${issue.message}`;
}
