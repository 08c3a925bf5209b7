/**
 * The provider's side of the one filter model (`protocol/filters.ts`): a list route spreads
 * `filterQueryShape(spec)` into its query, and the parsed bounds become SQL conditions here,
 * each on an indexed column (migration 0013), so a filtered page stays an index scan. A
 * filter that its spec puts behind a feature (the payments list's email and metadata) is
 * refused, naming the feature, unless the session enables it.
 */
import { type Expression, type SqlBool, sql } from "kysely";
import type { FeatureName } from "../../protocol/catalogue/features.ts";
import { type FilterQueryOf, type RangeBounds, setFiltersOf } from "../../protocol/filter-query.ts";
import type { FilterSpec } from "../../protocol/filters.ts";
import type { Principal } from "../http/context.ts";
import { requireFeature } from "./access.ts";

type Condition = Expression<SqlBool>;

/** `column` within the bounds (each given bound must hold). */
export function rangeConditions(column: Expression<unknown>, bounds: RangeBounds): Condition[] {
  const out: Condition[] = [];
  if (bounds.gt !== undefined) out.push(sql<SqlBool>`${column} > ${bounds.gt}`);
  if (bounds.gte !== undefined) out.push(sql<SqlBool>`${column} >= ${bounds.gte}`);
  if (bounds.lt !== undefined) out.push(sql<SqlBool>`${column} < ${bounds.lt}`);
  if (bounds.lte !== undefined) out.push(sql<SqlBool>`${column} <= ${bounds.lte}`);
  return out;
}

/** `column` is one of `values`. */
export const oneOf = (column: Expression<unknown>, values: readonly string[]): Condition =>
  sql<SqlBool>`${column} in (${sql.join(values.map((v) => sql`${v}`))})`;

/** Refuses a filter whose spec names a feature the session does not enable. */
export function requireFilterFeatures<S extends FilterSpec>(
  principal: Extract<Principal, { kind: "secret" | "account_session" }>,
  spec: S,
  query: { [K in keyof S]?: unknown },
): void {
  for (const name of setFiltersOf(spec, query as never)) {
    const feature = spec[name]?.feature;
    if (feature) requireFeature(principal, feature as FeatureName);
  }
}

type Query<S extends FilterSpec> = {
  [K in keyof S]?: FilterQueryOf[S[K]["field"]["kind"]] | undefined;
};

/**
 * The conditions of a list's filters, given how each filter reads its row: `columns` maps a
 * filter to its column (ranges, sets and text compare it as given), or to a function of the
 * value for filters that need more (a derived status, a metadata containment).
 */
export function filterConditions<S extends FilterSpec>(
  spec: S,
  query: Query<S>,
  columns: {
    [K in keyof S]:
      | Expression<unknown>
      | ((value: FilterQueryOf[S[K]["field"]["kind"]]) => Condition[]);
  },
): Condition[] {
  const out: Condition[] = [];
  for (const name of Object.keys(spec) as (keyof S & string)[]) {
    const value = query[name];
    if (value === undefined) continue;
    const column = columns[name];
    if (typeof column === "function") {
      out.push(...column(value as never));
      continue;
    }
    const kind = spec[name]!.field.kind;
    if (kind === "amount" || kind === "date") {
      out.push(...rangeConditions(column, value as RangeBounds));
    } else if (kind === "choice") {
      out.push(oneOf(column, value as string[]));
    } else if (kind === "text") {
      out.push(sql<SqlBool>`${column} = ${value as string}`);
    } else {
      throw new Error(`filters: ${name} needs a condition of its own`);
    }
  }
  return out;
}
