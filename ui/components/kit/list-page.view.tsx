/**
 * A list component's whole view on the kit, from its words and columns: `ResourceListView`
 * with the toolbar (the FilterBar over the list's `FilterSpec`, and the CSV export with its
 * failure where the session enables it), the empty state, and the selected item's detail
 * (`ResourceDetail` with the component's facts). Pure: values and callbacks in.
 */
import type { ReactNode } from "react";
import type { FilterSpec, FilterValues } from "../../../protocol/filters.ts";
import { EmptyState, FilterBar, filterDefinitions } from "../../kit/index.ts";
import { DownloadAction } from "./download-action.view.tsx";
import type { ListExport } from "./list-component.tsx";
import { type DetailState, ResourceDetail } from "./resource-detail.view.tsx";
import type { ResourceListConnected } from "./resource-list.connect.ts";
import { type ListColumn, ResourceListView } from "./resource-list.view.tsx";

/** The filters the bar offers (a subset of the spec, in this order) and their values. */
export interface ListFilters {
  spec: FilterSpec;
  offered: readonly {
    name: string;
    label: string;
    optionLabels?: Readonly<Record<string, string>>;
    currency?: string;
  }[];
  values: FilterValues;
  onChange(filters: FilterValues): void;
}

/** The export button's words, beside the export's state. */
export interface ListExportView extends ListExport {
  label: string;
  failedTitle: string;
}

export interface ListDetailView<Item> extends DetailState<Item> {
  title: string;
  failedTitle: string;
  children(item: Item): ReactNode;
}

export interface ListPageViewProps<Item> extends ResourceListConnected<Item> {
  className: string;
  caption: string;
  columns: readonly ListColumn<Item>[];
  rowKey(item: Item): string;
  rowLabel(item: Item): string;
  /** Absent: no filter bar (the recent mode, a list without filters). */
  filters?: ListFilters | undefined;
  /** Absent: no export (the session does not enable it, or the recent mode). */
  exporting?: ListExportView | undefined;
  empty: { title: string; description: string };
  /** The selected item's detail; absent when rows do not open. */
  detail?: ListDetailView<Item>;
}

/** The toolbar above a list: its filters, and its export with the export's failure. */
export function ListToolbar({
  filters,
  exporting,
}: {
  filters?: ListFilters | undefined;
  exporting?: ListExportView | undefined;
}) {
  if (!filters && !exporting) return null;
  return (
    <div className="kit-list__toolbar">
      {filters ? (
        <FilterBar
          filters={filterDefinitions(filters.spec, filters.offered)}
          values={filters.values}
          onChange={filters.onChange}
        />
      ) : null}
      {exporting ? (
        <DownloadAction
          label={exporting.label}
          failedTitle={exporting.failedTitle}
          busy={exporting.busy}
          failed={exporting.failed}
          onDownload={exporting.onExport}
          onDismiss={exporting.onDismiss}
        />
      ) : null}
    </div>
  );
}

export function ListPageView<Item>({
  filters,
  exporting,
  empty,
  detail,
  ...list
}: ListPageViewProps<Item>) {
  return (
    <ResourceListView
      {...list}
      toolbar={<ListToolbar filters={filters} exporting={exporting} />}
      empty={<EmptyState title={empty.title} description={empty.description} />}
      detail={
        detail ? (
          <ResourceDetail
            {...detail}
            title={detail.title}
            failedTitle={detail.failedTitle}
            narrow={list.narrow}
          >
            {detail.children}
          </ResourceDetail>
        ) : null
      }
    />
  );
}
