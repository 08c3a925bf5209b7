import type { KeyboardEvent, ReactNode } from "react";
import { cx } from "./cx.ts";
import { EmptyState } from "./empty-state.view.tsx";
import { Pagination, type PaginationProps } from "./pagination.view.tsx";
import { ScrollRegion } from "./scroll-region.view.tsx";
import { Skeleton } from "./skeleton.view.tsx";

export interface TableColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** "end" for amounts and numbers, so digits line up (mirrors in right-to-left). */
  align?: "start" | "end";
}

export interface TableProps<Row> {
  /** The table's accessible name; shown as its caption unless `captionHidden`. */
  caption: string;
  captionHidden?: boolean;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Makes each row open its detail: by click, or Enter/Space on the focused row. */
  onRowActivate?: (row: Row) => void;
  /** The accessible name of a row, when it is activatable ("Payment ch_123, $12.00"). */
  rowLabel?: (row: Row) => string;
  /** First load: a skeleton in place of the rows. */
  loading?: boolean;
  /** Shown when there are no rows (defaults to "No results"). */
  empty?: ReactNode;
  pagination?: PaginationProps;
}

/**
 * A data table with keyset pagination. Activatable rows are focusable and respond to Enter
 * and Space as well as clicks, so a keyboard user can open any row.
 */
export function Table<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  onRowActivate,
  rowLabel,
  loading = false,
  empty,
  pagination,
}: TableProps<Row>) {
  const onKeyDown = (row: Row) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onRowActivate?.(row);
    }
  };
  const body = loading ? (
    <Skeleton lines={4} />
  ) : rows.length === 0 ? (
    (empty ?? <EmptyState />)
  ) : null;
  return (
    <div>
      <ScrollRegion label={caption}>
        <table className="kit-table" aria-busy={loading || undefined}>
          <caption className={cx(captionHidden ? "kit-visually-hidden" : "kit-heading-xs")}>
            {caption}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className={cx(column.align === "end" && "kit-table__cell--end")}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          {body ? null : (
            <tbody>
              {rows.map((row) => (
                <tr
                  key={rowKey(row)}
                  className={cx(onRowActivate && "kit-table__row--interactive")}
                  {...(onRowActivate
                    ? {
                        tabIndex: 0,
                        "aria-label": rowLabel?.(row),
                        onClick: () => onRowActivate(row),
                        onKeyDown: onKeyDown(row),
                      }
                    : {})}
                >
                  {columns.map((column) => (
                    <td
                      key={column.id}
                      className={cx(column.align === "end" && "kit-table__cell--end")}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          )}
        </table>
      </ScrollRegion>
      {body}
      {pagination && !loading && (rows.length > 0 || pagination.hasPrevious) ? (
        <Pagination {...pagination} />
      ) : null}
    </div>
  );
}
