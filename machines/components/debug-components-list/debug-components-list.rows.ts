/**
 * The debug components list's rows, derived from the catalogue manifest (never written by
 * hand), the sanitized session's `components` and this version's view registry; the filter
 * over them; and the page the list machine gets of them (its `listPage`, answered from these
 * rows rather than the API). Pure functions.
 */

import type { SanitizedSession } from "../../../protocol/objects/sanitized-session.schema.ts";
import { tagName } from "../../../protocol/provider.ts";
import type { Page, PageRequest } from "../resource-list.types.ts";

export type ReleaseState = "ga" | "preview" | "internal" | "entry_point";
export const releaseStates: readonly ReleaseState[] = ["ga", "preview", "internal", "entry_point"];

/** What the list reads of a manifest entry. */
export interface ManifestFacts {
  enabledKey: string;
  releaseState: string;
  requiresAuthentication: boolean;
  errorText: string;
  aliasOf?: string;
}

export interface ComponentRow {
  /** The catalogue name: the row's id in the list machine. */
  id: string;
  /** The catalogue name (`payouts-list`). */
  name: string;
  /** The element tag (`<prefix>-payouts-list`). */
  tag: string;
  releaseState: ReleaseState;
  /** The session enables it (its enabledKey is enabled in `components`). */
  enabled: boolean;
  requiresAuthentication: boolean;
  /** Other catalogue names that render this component. */
  aliases: string[];
  /** The component this name is an alias of. */
  aliasOf: string | null;
  /** This version has a view for it (its own or its alias target's). */
  hasView: boolean;
  errorText: string;
}

const asRelease = (state: string): ReleaseState =>
  (releaseStates as readonly string[]).includes(state) ? (state as ReleaseState) : "internal";

export function componentRows(
  manifest: Readonly<Record<string, ManifestFacts>>,
  session: Pick<SanitizedSession, "components"> | null,
  hasView: (name: string) => boolean,
): ComponentRow[] {
  const entries = Object.entries(manifest);
  return entries.map(([name, entry]) => {
    const components = session?.components as Record<string, { enabled?: boolean }> | undefined;
    return {
      id: name,
      name,
      tag: tagName(name),
      releaseState: asRelease(entry.releaseState),
      enabled:
        components !== undefined &&
        Object.hasOwn(components, entry.enabledKey) &&
        components[entry.enabledKey]?.enabled === true,
      requiresAuthentication: entry.requiresAuthentication,
      aliases: entries.filter(([, other]) => other.aliasOf === name).map(([alias]) => alias),
      aliasOf: entry.aliasOf ?? null,
      hasView: hasView(name),
      errorText: entry.errorText,
    };
  });
}

/** The list's filters, as data (the list machine's `filters`). */
export type ComponentFilter = Readonly<{
  /** Matches the name or the tag, ignoring case; empty matches all. */
  query: string;
  /** One release state, or "" for all. */
  release: ReleaseState | "";
}>;

export const noComponentFilter: ComponentFilter = { query: "", release: "" };

export function filterRows(rows: readonly ComponentRow[], filter: ComponentFilter): ComponentRow[] {
  const query = filter.query.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (filter.release === "" || row.releaseState === filter.release) &&
      (query === "" || row.name.includes(query) || row.tag.includes(query)),
  );
}

/** One page of the filtered rows, in catalogue order, keyset by name as an API list pages. */
export function pageOfRows(
  rows: readonly ComponentRow[],
  filter: ComponentFilter,
  request: PageRequest,
): Page<ComponentRow> {
  const matching = filterRows(rows, filter);
  const index = (id: string) => matching.findIndex((row) => row.id === id);
  if (request.kind === "newer") {
    const before = matching.slice(0, Math.max(0, index(request.endingBefore)));
    return {
      items: before.slice(Math.max(0, before.length - request.limit)),
      hasMore: before.length > request.limit,
    };
  }
  const rest =
    request.kind === "older" ? matching.slice(index(request.startingAfter) + 1) : matching;
  return { items: rest.slice(0, request.limit), hasMore: rest.length > request.limit };
}
