/**
 * A list component's whole view on the kit, from its words and columns: `ResourceListView`
 * with the toolbar (the FilterBar over the list's `FilterSpec`, and the CSV export with its
 * failure where the session enables it, in the kit's words), the empty state, and the
 * selected item's detail (`ResourceDetail` with the component's facts). Values, callbacks
 * and the component's message descriptors in.
 */
import type { ReactNode } from "react";
import { type MessageDescriptor, useIntl } from "react-intl";
import type { FilterSpec, FilterValues } from "../../../protocol/filters.ts";
import { kitMessages } from "../../i18n/messages.ts";
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

export interface ListDetailView<Item> extends DetailState<Item> {
  children(item: Item): ReactNode;
}

/** A list's own words (its message descriptors, without arguments). */
export interface ListMessages {
  /** The empty state's. */
  emptyTitle: MessageDescriptor;
  emptyDescription: MessageDescriptor;
  /** The detail's title, and its title when the item could not be loaded. */
  detailTitle: MessageDescriptor;
  detailFailed: MessageDescriptor;
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
  exporting?: ListExport | undefined;
  messages: ListMessages;
  /** The selected item's detail; absent when rows do not open. */
  detail?: ListDetailView<Item>;
}

/** The toolbar above a list: its filters, and its export with the export's failure. */
export function ListToolbar({
  filters,
  exporting,
}: {
  filters?: ListFilters | undefined;
  exporting?: ListExport | undefined;
}) {
  const intl = useIntl();
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
          label={intl.formatMessage(kitMessages.listExport)}
          failedTitle={intl.formatMessage(kitMessages.listExportFailed)}
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
  messages,
  detail,
  ...list
}: ListPageViewProps<Item>) {
  const intl = useIntl();
  return (
    <ResourceListView
      {...list}
      toolbar={<ListToolbar filters={filters} exporting={exporting} />}
      empty={
        <EmptyState
          title={intl.formatMessage(messages.emptyTitle)}
          description={intl.formatMessage(messages.emptyDescription)}
        />
      }
      detail={
        detail ? (
          <ResourceDetail
            {...detail}
            title={intl.formatMessage(messages.detailTitle)}
            failedTitle={intl.formatMessage(messages.detailFailed)}
            narrow={list.narrow}
          >
            {detail.children}
          </ResourceDetail>
        ) : null
      }
    />
  );
}
