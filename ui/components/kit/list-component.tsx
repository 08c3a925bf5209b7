/**
 * What every list component's `.component.tsx` shares, so a new list is a machine, a view and
 * a few lines: the host's list mode (`recent-…` attribute, `setDefaultFilters`) as a key that
 * starts a fresh list when it changes (`listComponent`), and the runner's wiring
 * (`useResourceList`): the kit's list machine run by `useComponentMachine`, its snapshot
 * connected to the view's props, the filters and their change, and a CSV export of the whole
 * filtered list through the kit's file download (`useListExport`, `file-download.ts`).
 */
import { type ComponentType, useCallback } from "react";
import type { AnyStateMachine } from "xstate";
import {
  DEFAULT_PAGE_SIZE,
  type ResourceListEvent,
} from "../../../machines/components/resource-list.machine.ts";
import type { Identified } from "../../../machines/components/resource-list.types.ts";
import { manifestEntry } from "../../../protocol/catalogue/manifest.ts";
import {
  type FilterSpec,
  type FilterValues,
  filterQueryString,
  fromDefaultFilters,
  localDayStart,
} from "../../../protocol/filters.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostProps } from "../../frame/frame-context.tsx";
import { useNarrowLayout } from "../../frame/frame-shell.view.tsx";
import { isOn } from "../../frame/host-attributes.ts";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { useFileDownload } from "./file-download.ts";
import type { DetailState } from "./resource-detail.view.tsx";
import {
  connectDetail,
  connectResourceList,
  type ResourceListConnected,
  type ResourceListSnapshot,
} from "./resource-list.connect.ts";

/** How the host asked for the list: its recent mode, and the platform's default filters. */
export interface ListMode {
  /** The internal `recent-…` attribute is on: the newest few, without paging or filters. */
  recent: boolean;
  /** The `setDefaultFilters` value, as the platform set it (undefined when never set). */
  defaults: unknown;
}

export type ListRunnerProps = ComponentViewProps & ListMode;

/**
 * The component the registry loads: reads the list mode from the host's props and renders
 * `Runner` keyed by it, so a new mode or new default filters start a fresh list.
 * `recentAttribute`: the catalogue's internal recent attribute, when the list has one.
 */
export function listComponent(
  Runner: ComponentType<ListRunnerProps>,
  options: { recentAttribute?: string } = {},
): ComponentType<ComponentViewProps> {
  return function ListComponent(props: ComponentViewProps) {
    const host = useHostProps();
    const recent = options.recentAttribute
      ? isOn(host?.attributes[options.recentAttribute])
      : false;
    const defaults = host?.setters.defaultFilters;
    const key = `${recent ? "recent" : "all"}:${JSON.stringify(defaults ?? null)}`;
    return <Runner key={key} {...props} recent={recent} defaults={defaults} />;
  };
}

export interface ResourceListOptions {
  /** The list's filters (its starting values come from the platform's default filters). */
  spec?: FilterSpec;
  /** How many rows the recent mode shows. */
  recentCount?: number;
  /** Rows open their detail (default true). */
  openable?: boolean;
}

/** The runner's list: the view's connected props, its detail, and the filters. */
export interface ResourceListRun<Item> {
  list: ResourceListConnected<Item>;
  detail: DetailState<Item>;
  filters: FilterValues;
  onFiltersChange(filters: FilterValues): void;
  /** After a mutation: the list (and an open detail) load again. */
  refresh(): void;
}

/**
 * Runs `machine` (a `createResourceListMachine` instance) for the runner's props: recent mode
 * without paging, the default filters through `spec`, and the views' props.
 */
export function useResourceList<Item extends Identified>(
  machine: AnyStateMachine,
  props: ListRunnerProps,
  options: ResourceListOptions = {},
): ResourceListRun<Item> {
  const { recent, defaults } = props;
  const narrow = useNarrowLayout();
  const { snapshot, send } = useComponentMachine(machine, {
    input: {
      pageSize: recent ? (options.recentCount ?? DEFAULT_PAGE_SIZE) : DEFAULT_PAGE_SIZE,
      paged: !recent,
      filters:
        defaults === undefined || !options.spec ? {} : fromDefaultFilters(options.spec, defaults),
    },
    view: props,
  });
  const listSnapshot = snapshot as unknown as ResourceListSnapshot<Item, FilterValues>;
  const sendList = send as (event: ResourceListEvent<FilterValues>) => void;
  const errorText = manifestEntry(props.component)?.errorText ?? null;
  // Stable, so an action's effects keyed by them (a refund's `form.saved`) stay the same.
  const onFiltersChange = useCallback(
    (filters: FilterValues) => sendList({ type: "filters.change", filters }),
    [sendList],
  );
  const refresh = useCallback(() => sendList({ type: "list.refresh" }), [sendList]);
  return {
    list: connectResourceList(listSnapshot, sendList, {
      narrow,
      errorText,
      ...(options.openable === undefined ? {} : { openable: options.openable }),
    }),
    detail: connectDetail(listSnapshot, sendList),
    filters: listSnapshot.context.filters,
    onFiltersChange,
    refresh,
  };
}

/** The CSV export of the filtered list (the view's export button and its failure). */
export interface ListExport {
  busy: boolean;
  failed: boolean;
  onExport(): void;
  onDismiss(): void;
}

/**
 * The provider's CSV export of the whole filtered list (not one page) at `path`
 * (`/v1/exports/<resource>`), fetched through the data layer and saved by the person.
 */
export function useListExport(
  props: ComponentViewProps,
  path: string,
  spec: FilterSpec,
  filters: FilterValues,
): ListExport {
  const file = useFileDownload(props);
  return {
    busy: file.busy,
    failed: file.failed,
    onExport: () => file.download(`${path}?${filterQueryString(spec, filters, localDayStart)}`),
    onDismiss: file.dismiss,
  };
}
