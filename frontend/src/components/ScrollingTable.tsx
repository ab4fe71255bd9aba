import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode } from 'react';
import { Spinner, Table } from 'react-bootstrap';

/** Spec part 1, §9 and part 2, §9: rows of lists are 45 px high. */
export const ROW_HEIGHT = 45;
export const LOAD_MORE_THRESHOLD = 25;

/** Whether the next page is due: the last row drawn is within the threshold of the rows loaded. */
export function needsNextPage(lastVisibleIndex: number, loadedCount: number): boolean {
  return loadedCount > 0 && lastVisibleIndex >= loadedCount - LOAD_MORE_THRESHOLD;
}

/** A cell of a scrolling list, one line high: a value too long for its column is cut short with an ellipsis
 * and shows whole on hover. ``children`` draw the value when it is more than its text (a link). */
export function ListCell({ text, children }: { text: string | number | null | undefined; children?: ReactNode }) {
  return (
    <td className="text-truncate" title={text == null ? undefined : String(text)}>
      {children ?? text}
    </td>
  );
}

/** A list fetched page by page with a cursor (an SWR infinite list, flattened). */
export interface PagedRows<Row> {
  rows: Row[];
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  loadMore: () => void;
}

interface ScrollingTableProps<Row> {
  pages: PagedRows<Row>;
  /** The header cells (th), in column order. */
  header: ReactNode;
  columnCount: number;
  rowKey: (row: Row) => string | number;
  /** The cells (td) of one row. */
  cells: (row: Row) => ReactNode;
  onOpen?: (row: Row) => void;
  /** Scrolls back to the top when it changes (a new filter). */
  resetKey: string;
  emptyText: string;
  testId: string;
  /** The narrowest the table is drawn, in px: on a narrower screen the list scrolls sideways rather than squeeze its columns. */
  minWidth?: number;
}

/**
 * A table of any length: only the rows in view (plus a few) are in the page, and the next page is
 * fetched with the cursor as the user scrolls near the end of what is loaded.
 */
export function ScrollingTable<Row>({
  pages,
  header,
  columnCount,
  rowKey,
  cells,
  onOpen,
  resetKey,
  emptyText,
  testId,
  minWidth,
}: ScrollingTableProps<Row>) {
  const { rows, hasMore, loading, failed, loadMore } = pages;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const shown = virtualizer.getVirtualItems();
  const lastVisibleIndex = shown.length ? shown[shown.length - 1].index : -1;

  useEffect(() => {
    if (hasMore && !loading && !failed && needsNextPage(lastVisibleIndex, rows.length)) loadMore();
  }, [hasMore, loading, failed, lastVisibleIndex, rows.length, loadMore]);

  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [resetKey]);

  const paddingTop = shown.length ? shown[0].start : 0;
  const paddingBottom = shown.length ? virtualizer.getTotalSize() - shown[shown.length - 1].end : 0;

  return (
    <div
      ref={scrollRef}
      className="border rounded"
      style={{ height: 'calc(100vh - 320px)', minHeight: 360, overflow: 'auto' }}
      // Focusable, so keyboard users can scroll it (sideways on a narrow screen) even when no row has a link.
      tabIndex={0}
      data-testid={testId}
    >
      <Table hover className="mb-0 small" style={{ tableLayout: 'fixed', minWidth }}>
        <thead className="table-light" style={{ position: 'sticky', top: 0, zIndex: 1 }}>
          <tr>{header}</tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden>
              <td colSpan={columnCount} style={{ height: paddingTop, padding: 0, border: 0 }} />
            </tr>
          )}
          {shown.map((virtualRow) => {
            const row = rows[virtualRow.index];
            return (
              <tr
                key={rowKey(row)}
                data-index={virtualRow.index}
                style={{ height: ROW_HEIGHT, cursor: onOpen ? 'pointer' : undefined }}
                onClick={onOpen ? () => onOpen(row) : undefined}
              >
                {cells(row)}
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden>
              <td colSpan={columnCount} style={{ height: paddingBottom, padding: 0, border: 0 }} />
            </tr>
          )}
        </tbody>
      </Table>
      {loading && (
        <div className="d-flex justify-content-center p-2">
          <Spinner animation="border" size="sm" role="status">
            <span className="visually-hidden">Loading...</span>
          </Spinner>
        </div>
      )}
      {!loading && !failed && rows.length === 0 && <p className="text-muted p-3 mb-0">{emptyText}</p>}
    </div>
  );
}

/** The PagedRows of an SWR infinite list whose pages hold their rows under ``pick``. */
export function pagedRows<Page extends { cursor: string | null }, Row>(
  infinite: { data?: Page[]; size: number; setSize: (size: number) => unknown; error?: unknown; isLoading: boolean },
  pick: (page: Page) => Row[],
): PagedRows<Row> {
  const { data, size, setSize, error, isLoading } = infinite;
  const loadingMore = data !== undefined && data.length < size;
  return {
    rows: data?.flatMap(pick) ?? [],
    hasMore: data !== undefined && data.length > 0 && data[data.length - 1].cursor !== null,
    loading: isLoading || loadingMore,
    failed: Boolean(error),
    loadMore: () => void setSize(size + 1),
  };
}
