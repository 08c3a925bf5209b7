/**
 * The filter bar's definitions: a list's filter spec (protocol/filters.ts, the one filter
 * model the catalogue's setters and the provider share) plus what a person reads — a label
 * for each filter and each option, and the currency an amount is entered in. The values the
 * bar edits are the model's `FilterValues`; checking, setting and the query parameters are
 * the model's own functions, re-exported here for views.
 */
import type { FilterField, FilterSpec } from "../../protocol/filters.ts";

export {
  type AmountCondition,
  activeFilterCount,
  checkFilter,
  clearFilter,
  type DateCondition,
  type FilterProblem,
  type FilterValue,
  type FilterValues,
  filterQuery,
  filterQueryString,
  type MetadataCondition,
  setFilter,
} from "../../protocol/filters.ts";

export interface FilterDefinition {
  /** The filter's name in the list's spec (the query parameter). */
  name: string;
  field: FilterField;
  label: string;
  /** Labels of a choice filter's options, by value (missing ones show the value). */
  optionLabels?: Readonly<Record<string, string>>;
  /** The currency an amount filter is entered in. */
  currency?: string;
}

/**
 * The bar's definitions for the filters of `spec` a view offers, in the order given, each
 * with its label. A name the spec lacks is a programming error and throws.
 */
export function filterDefinitions(
  spec: FilterSpec,
  offered: readonly {
    name: string;
    label: string;
    optionLabels?: Readonly<Record<string, string>>;
    currency?: string;
  }[],
): FilterDefinition[] {
  return offered.map((o) => {
    const entry = spec[o.name];
    if (!entry) throw new Error(`filter bar: the list has no filter "${o.name}"`);
    return { ...o, field: entry.field };
  });
}

/** The spec of the filters a bar shows (for `setFilter` and `filterQuery`). */
export const specOf = (definitions: readonly FilterDefinition[]): FilterSpec =>
  Object.fromEntries(definitions.map((d) => [d.name, { field: d.field }]));

export const clearAllFilters = () => ({});
