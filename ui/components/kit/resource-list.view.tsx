/**
 * The kit's list view: pure (values and callbacks in), on the design system's Table,
 * Pagination, EmptyState and Banner. A list component gives its columns (each marked when it
 * stays in the narrow layout below 381px), its caption and row label, and the slots it
 * fills itself (filters above the table, the empty state, the detail); the rest — loading,
 * the error with its retry and request id (too many requests has its own words), the
 * permission state, keyset paging and the
 * page-size choice — is the same for every list.
 */
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { loadFailureMessage } from "../../frame/frame.messages.ts";
import { kitMessages } from "../../i18n/messages.ts";
import { Banner, Button, EmptyState, Select, Table, type TableColumn } from "../../kit/index.ts";
import { resourceListMessages as m } from "./resource-list.messages.ts";

export type ResourceListStatus = "loading" | "ready" | "empty" | "error" | "forbidden";

export interface ListColumn<Item> extends TableColumn<Item> {
  /** Shown in the narrow layout (below 381px) too; other columns are dropped there. */
  narrow?: boolean;
}

export interface ListPaging {
  hasNewer: boolean;
  hasOlder: boolean;
  /** Another page is loading while these rows stay on screen. */
  loading: boolean;
  onNext(): void;
  onPrevious(): void;
}

export interface ListPageSize {
  value: number;
  options: readonly number[];
  onChange(size: number): void;
}

export interface ResourceListViewProps<Item> {
  status: ResourceListStatus;
  /** The table's accessible name (and caption). */
  caption: string;
  items: readonly Item[];
  columns: readonly ListColumn<Item>[];
  rowKey(item: Item): string;
  /** The accessible name of a row that opens its detail. */
  rowLabel?(item: Item): string;
  /** Makes each row open its detail. */
  onOpen?(item: Item): void;
  /** The frame is narrower than 381px: only the columns marked `narrow`. */
  narrow: boolean;
  /** Keyset paging; absent when the list does not page. */
  paging?: ListPaging;
  /** The page-size choice; absent when the list does not offer one. */
  pageSize?: ListPageSize;
  /** The component's catalogue error text (English), shown translated on error. */
  errorText: string | null;
  /** The failed call's request id, to quote to support. */
  requestId: string | null;
  /** The API answered 429 (too many requests), after the data layer's retries. */
  rateLimited?: boolean;
  /** The API's message when it refused the list (403). */
  forbiddenMessage?: string | null;
  onRetry(): void;
  /** Filters, above the table. */
  toolbar?: ReactNode;
  /** Shown when there is no row (defaults to "No results"). */
  empty?: ReactNode;
  /** The selected item's detail (an overlay, or a panel). */
  detail?: ReactNode;
  className?: string;
}

export function RequestReference({ requestId }: { requestId: string | null }) {
  const intl = useIntl();
  if (!requestId) return null;
  return (
    <span className="kit-secondary-text">{intl.formatMessage(m.requestId, { requestId })}</span>
  );
}

export function ResourceListView<Item>(props: ResourceListViewProps<Item>) {
  const intl = useIntl();
  const { status, items, narrow, paging, pageSize } = props;

  if (status === "error") {
    return (
      <Banner
        status="warning"
        title={
          props.rateLimited
            ? intl.formatMessage(kitMessages.rateLimited)
            : intl.formatMessage(loadFailureMessage(props.errorText))
        }
        actions={<Button onClick={props.onRetry}>{intl.formatMessage(kitMessages.retry)}</Button>}
      >
        <RequestReference requestId={props.requestId} />
      </Banner>
    );
  }
  if (status === "forbidden") {
    return (
      <Banner status="warning" title={intl.formatMessage(m.forbidden)}>
        {props.forbiddenMessage ? <span>{props.forbiddenMessage}</span> : null}
        <RequestReference requestId={props.requestId} />
      </Banner>
    );
  }

  const columns = narrow ? props.columns.filter((column) => column.narrow) : props.columns;
  return (
    <div className={props.className} data-narrow={narrow || undefined}>
      {props.toolbar ?? null}
      <Table
        caption={props.caption}
        columns={columns}
        rows={items}
        rowKey={props.rowKey}
        {...(props.rowLabel ? { rowLabel: props.rowLabel } : {})}
        {...(props.onOpen ? { onRowActivate: props.onOpen } : {})}
        loading={status === "loading" && items.length === 0}
        empty={props.empty ?? <EmptyState />}
        {...(paging
          ? {
              pagination: {
                hasPrevious: paging.hasNewer,
                hasNext: paging.hasOlder,
                onPrevious: paging.onPrevious,
                onNext: paging.onNext,
                loading: paging.loading,
                label: props.caption,
              },
            }
          : {})}
      />
      {pageSize && items.length > 0 ? (
        <div className="kit-list__page-size">
          <Select
            label={intl.formatMessage(m.pageSize)}
            value={String(pageSize.value)}
            onChange={(value) => pageSize.onChange(Number(value))}
            options={pageSize.options.map((size) => ({
              value: String(size),
              label: intl.formatNumber(size),
            }))}
          />
        </div>
      ) : null}
      {props.detail ?? null}
    </div>
  );
}
