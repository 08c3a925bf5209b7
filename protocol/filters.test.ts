import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validateSetter } from "./catalogue/index.ts";
import { filterQueryShape, setFiltersOf } from "./filter-query.ts";
import {
  activeFilterCount,
  checkFilter,
  clearFilter,
  defaultFiltersSchema,
  type FilterValues,
  filterQuery,
  filterQueryString,
  fromDefaultFilters,
  paymentsFilterSpec,
  setFilter,
  transactionsFilterSpec,
  utcDayStart,
} from "./filters.ts";

const day = (iso: string) => String(utcDayStart(iso));

/** Reads a query as the provider does: bracket-nested, every value a string. */
function nest(pairs: [string, string][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of pairs) {
    const m = /^([a-z_]+)(?:\[([a-z_]*)\])?$/.exec(name);
    if (!m) throw new Error(name);
    const [, base, sub] = m as unknown as [string, string, string | undefined];
    if (sub === undefined) out[base] = value;
    else if (sub === "") out[base] = [...((out[base] as string[]) ?? []), value];
    else out[base] = { ...((out[base] as object) ?? {}), [sub]: value };
  }
  return out;
}

const providerQuery = z.strictObject(filterQueryShape(paymentsFilterSpec));

describe("one filter model: values → query parameters → the provider's bounds", () => {
  it("serialises every kind in the spec's order, whatever order the values were set in", () => {
    const values: FilterValues = {
      metadata: { key: "order", value: "A-17" },
      customer_email: "ada@example.com",
      status: ["succeeded", "refunded"],
      amount: { between: { lower_bound: 1000, upper_bound: 5000 } },
      created: { between: { start: "2026-01-01", end: "2026-01-31" } },
      payment_method: ["card"],
    };
    expect(filterQuery(paymentsFilterSpec, values)).toEqual([
      ["amount[gte]", "1000"],
      ["amount[lte]", "5000"],
      ["created[gte]", day("2026-01-01")],
      ["created[lt]", day("2026-02-01")],
      ["status[]", "succeeded"],
      ["status[]", "refunded"],
      ["payment_method[]", "card"],
      ["customer_email", "ada@example.com"],
      ["metadata[order]", "A-17"],
    ]);
  });

  it("days are inclusive: before D ends at D's start, after D starts the next day", () => {
    expect(filterQuery(paymentsFilterSpec, { created: { before: "2026-03-01" } })).toEqual([
      ["created[lt]", day("2026-03-01")],
    ]);
    expect(filterQuery(paymentsFilterSpec, { created: { after: "2026-02-28" } })).toEqual([
      ["created[gte]", day("2026-03-01")],
    ]);
  });

  it("a day becomes instants in the viewer's time zone when the caller gives one", () => {
    const tokyo = (iso: string) => utcDayStart(iso) - 9 * 3600;
    expect(filterQuery(paymentsFilterSpec, { created: { before: "2026-03-01" } }, tokyo)).toEqual([
      ["created[lt]", String(utcDayStart("2026-03-01") - 9 * 3600)],
    ]);
  });

  it("amount equals, greater and less become amount, amount[gt] and amount[lt]", () => {
    expect(filterQueryString(paymentsFilterSpec, { amount: { equals: 250 } })).toBe("amount=250");
    expect(filterQuery(paymentsFilterSpec, { amount: { greater_than: 250 } })).toEqual([
      ["amount[gt]", "250"],
    ]);
    expect(filterQuery(paymentsFilterSpec, { amount: { less_than: 250 } })).toEqual([
      ["amount[lt]", "250"],
    ]);
  });

  it("what a frame sends, the provider's query schema reads back as bounds", () => {
    const values: FilterValues = {
      amount: { equals: 700 },
      created: { between: { start: "2026-01-01", end: "2026-01-01" } },
      status: ["disputed"],
      metadata: { key: "k", value: "v" },
    };
    const parsed = providerQuery.parse(nest(filterQuery(paymentsFilterSpec, values)));
    expect(parsed).toEqual({
      amount: { gte: 700, lte: 700 },
      created: { gte: utcDayStart("2026-01-01"), lt: utcDayStart("2026-01-02") },
      status: ["disputed"],
      metadata: { k: "v" },
    });
    expect(setFiltersOf(paymentsFilterSpec, parsed)).toEqual([
      "amount",
      "created",
      "status",
      "metadata",
    ]);
  });

  it("the provider refuses unknown choices, bad amounts, bad emails and unknown bounds by name", () => {
    const bad = [
      { status: ["paid"] },
      { amount: "-5" },
      { amount: "1.5" },
      { amount: { between: "1" } },
      { amount: {} },
      { customer_email: "nope" },
      { metadata: { a: "1", b: "2" } },
      { customer: "cus_1" },
    ];
    for (const query of bad) {
      const result = providerQuery.safeParse(query);
      expect(result.success, JSON.stringify(query)).toBe(false);
      const issue = result.error?.issues[0];
      const named =
        issue?.code === "unrecognized_keys" && issue.path.length === 0
          ? issue.keys[0]
          : issue?.path[0];
      expect(named).toBe(Object.keys(query)[0]);
    }
  });

  it("refuses a bad value with a typed problem and changes nothing", () => {
    const values: FilterValues = { status: ["failed"] };
    const cases: [string, unknown, string][] = [
      ["amount", { between: { lower_bound: 5000, upper_bound: 1000 } }, "range_order"],
      ["amount", { greater_than: 12.5 }, "not_an_amount"],
      ["amount", { less_than: -1 }, "negative"],
      ["created", { after: "2026-02-30" }, "invalid_date"],
      ["created", { between: { start: "2026-03-01", end: "2026-02-01" } }, "range_order"],
      ["status", [], "empty"],
      ["status", ["lost"], "unknown_option"],
      ["customer_email", "not an email", "invalid_email"],
      ["customer_email", "   ", "empty"],
      ["metadata", { key: " ", value: "x" }, "empty"],
    ];
    for (const [name, value, code] of cases) {
      const result = setFilter(paymentsFilterSpec, values, name, value as never);
      expect(result.problem?.code, `${name} ${JSON.stringify(value)}`).toBe(code);
      expect(result.values).toBe(values);
    }
    expect(() => setFilter(paymentsFilterSpec, values, "nope", "x")).toThrow(/no filter "nope"/);
  });

  it("sets, trims, clears and counts filters; a bad value never reaches the query", () => {
    let values: FilterValues = {};
    values = setFilter(paymentsFilterSpec, values, "customer_email", "  ada@example.com ").values;
    expect(values).toEqual({ customer_email: "ada@example.com" });
    values = setFilter(paymentsFilterSpec, values, "status", ["failed"]).values;
    expect(activeFilterCount(values)).toBe(2);
    values = clearFilter(values, "customer_email");
    expect(values).toEqual({ status: ["failed"] });
    expect(checkFilter({ kind: "amount" }, { equals: 0 })).toBeUndefined();
    expect(filterQuery(paymentsFilterSpec, { status: ["nope"] })).toEqual([]);
  });
});

describe("the catalogue's default-filter setters speak the same model", () => {
  it("the payments setter's value becomes the list's filter values (paymentMethod → a set)", () => {
    const setter = {
      amount: { greater_than: 1000 },
      date: { between: { start: new Date("2026-01-05T12:00:00Z"), end: "2026-01-31" } },
      status: ["succeeded"],
      paymentMethod: "card",
    };
    const checked = validateSetter("payments", "setDefaultFilters", setter);
    expect(checked.ok).toBe(true);
    expect(fromDefaultFilters(paymentsFilterSpec, setter)).toEqual({
      amount: { greater_than: 1000 },
      created: { between: { start: "2026-01-05", end: "2026-01-31" } },
      status: ["succeeded"],
      payment_method: ["card"],
    });
  });

  it("the setters accept only their list's keys, and a date range must be in order", () => {
    const payments = defaultFiltersSchema(
      paymentsFilterSpec,
      "{ amount, date, status, paymentMethod }",
    );
    expect(payments.safeParse({ customer_email: "a@b.co" }).success).toBe(false);
    expect(
      payments.safeParse({ date: { between: { start: "2026-02-01", end: "2026-01-01" } } }).success,
    ).toBe(false);
    const transactions = defaultFiltersSchema(transactionsFilterSpec, "{ type }");
    expect(transactions.safeParse({ type: ["charge", "payout"] }).success).toBe(true);
    expect(transactions.safeParse({ status: ["succeeded"] }).success).toBe(false);
  });
});
