// biome-ignore-all lint/a11y/useSemanticElements: an ARIA grid (APG data grid): only the rows in view exist, placed by the virtualiser, which table layout cannot do.
// biome-ignore-all lint/a11y/useFocusableInteractive: rows and cells are reached by aria-activedescendant; focus stays on the grid.
/**
 * A virtualised table for long lists (thousands of rows), on @tanstack/react-virtual. Its own
 * entry: import it from this file, not from the kit's index, so a frame without a long list
 * does not download the virtualiser.
 */
import { defaultRangeExtractor, useVirtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";
import { cx } from "./cx.ts";
import { Spinner } from "./spinner.view.tsx";

export interface VirtualColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** A CSS track size ("8rem", "2fr"); default "1fr". */
  width?: string;
  align?: "start" | "end";
}

export interface VirtualTableProps<Row> {
  /** Names the grid (aria-label). */
  label: string;
  columns: readonly VirtualColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Rows the list holds in all, when the API says; otherwise unknown while more can load. */
  totalCount?: number;
  /** More rows exist after the last one. */
  hasMore?: boolean;
  /** Called once the last rows come into view while `hasMore` and not `loadingMore`. */
  onLoadMore?: () => void;
  loadingMore?: boolean;
  /** Enter on the active row, or a click. */
  onRowActivate?: (row: Row) => void;
  /** Estimated row height in CSS pixels (rows are measured once drawn). */
  rowHeight?: number;
}

/** How close to the end (in rows) the next page is asked for. */
const loadAhead = 10;

/**
 * A grid of rows of which only those in view are in the DOM. It is one Tab stop; ArrowUp/
 * ArrowDown, PageUp/PageDown and Home/End move the active row (aria-activedescendant, scrolled
 * into view) and Enter activates it. aria-rowcount and aria-rowindex give every row its place
 * in the whole list, so a screen reader says "row 1,204 of 5,000" though few rows exist.
 */
export function VirtualTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  totalCount,
  hasMore = false,
  onLoadMore,
  loadingMore = false,
  onRowActivate,
  rowHeight = 44,
}: VirtualTableProps<Row>) {
  const intl = useIntl();
  const id = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const activeRef = useRef(0);
  activeRef.current = Math.min(active, rows.length - 1);
  const extra = loadingMore ? 1 : 0;
  const virtualizer = useVirtualizer({
    count: rows.length + extra,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    // The active row is always in the DOM, so aria-activedescendant never names a missing row.
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      const current = activeRef.current;
      return current < 0 || indexes.includes(current)
        ? indexes
        : [...indexes, current].sort((a, b) => a - b);
    },
    // Before the first measurement (and where layout is not computed): about ten rows.
    initialRect: { width: 0, height: rowHeight * 10 },
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? -1;

  const loadMoreRef = useRef(onLoadMore);
  useEffect(() => {
    loadMoreRef.current = onLoadMore;
  });
  // Once per length of the list: scrolling on before the parent says it is loading asks once.
  const askedAt = useRef(-1);
  useEffect(() => {
    if (!hasMore || loadingMore || askedAt.current === rows.length) return;
    if (lastShown < rows.length - 1 - loadAhead) return;
    askedAt.current = rows.length;
    loadMoreRef.current?.();
  }, [hasMore, loadingMore, lastShown, rows.length]);

  const activeIndex = Math.min(active, rows.length - 1);
  const rowId = (i: number) => `${id}-row-${i}`;
  const moveTo = (i: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, i));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: "auto" });
  };
  const page = Math.max(
    1,
    Math.floor((scrollRef.current?.clientHeight || rowHeight * 10) / rowHeight) - 1,
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + page,
      PageUp: activeIndex - page,
      Home: 0,
      End: rows.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
    } else if (event.key === "Enter" && onRowActivate && rows[activeIndex]) {
      event.preventDefault();
      onRowActivate(rows[activeIndex]);
    }
  };

  const rowCount = totalCount !== undefined ? totalCount + 1 : hasMore ? -1 : rows.length + 1;
  const template = columns.map((c) => c.width ?? "minmax(0, 1fr)").join(" ");

  return (
    <div
      ref={scrollRef}
      className="kit-vtable"
      role="grid"
      aria-label={label}
      aria-rowcount={rowCount}
      aria-readonly="true"
      aria-activedescendant={rows.length > 0 ? rowId(activeIndex) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div role="rowgroup" className="kit-vtable__head">
        <div
          role="row"
          aria-rowindex={1}
          className="kit-vtable__row"
          style={{ gridTemplateColumns: template }}
        >
          {columns.map((column) => (
            <div
              key={column.id}
              role="columnheader"
              className={cx("kit-vtable__cell", column.align === "end" && "kit-vtable__cell--end")}
            >
              {column.header}
            </div>
          ))}
        </div>
      </div>
      <div
        role="rowgroup"
        className="kit-vtable__body"
        style={{ blockSize: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const row = rows[item.index];
          if (row === undefined) {
            return (
              <div
                key="loading"
                role="row"
                className="kit-vtable__row kit-vtable__row--loading"
                style={{ insetBlockStart: item.start, gridTemplateColumns: "1fr" }}
              >
                <div role="gridcell" className="kit-vtable__cell">
                  <Spinner /> {intl.formatMessage(kitMessages.loading)}
                </div>
              </div>
            );
          }
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the grid handles Enter for the active row
            <div
              key={rowKey(row)}
              id={rowId(item.index)}
              ref={virtualizer.measureElement}
              data-index={item.index}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={item.index === activeIndex}
              className={cx(
                "kit-vtable__row",
                item.index === activeIndex && "kit-vtable__row--active",
                onRowActivate && "kit-vtable__row--interactive",
              )}
              style={{ insetBlockStart: item.start, gridTemplateColumns: template }}
              onClick={() => {
                setActive(item.index);
                onRowActivate?.(row);
              }}
            >
              {columns.map((column) => (
                <div
                  key={column.id}
                  role="gridcell"
                  className={cx(
                    "kit-vtable__cell",
                    column.align === "end" && "kit-vtable__cell--end",
                  )}
                >
                  {column.cell(row)}
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
