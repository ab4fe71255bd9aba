import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { Spinner, Table } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { useItemsPages, type ItemsQuery } from '../api/get-items';

/** Spec part 1, §9. */
export const ROW_HEIGHT = 45;
export const LOAD_MORE_THRESHOLD = 25;

/** Whether the next page is due: the last row drawn is within the threshold of the rows loaded. */
export function needsNextPage(lastVisibleIndex: number, loadedCount: number): boolean {
  return loadedCount > 0 && lastVisibleIndex >= loadedCount - LOAD_MORE_THRESHOLD;
}

/**
 * The products table. Only the rows in view (plus a few) are in the page, and pages of items are
 * fetched with the cursor as the user scrolls, so a catalogue of any size scrolls smoothly.
 */
export function ProductTable({ clientId, query }: { clientId: string; query: ItemsQuery }) {
  const { data, size, setSize, error, isLoading } = useItemsPages(clientId, query);
  const items = useMemo(() => data?.flatMap((page) => page.items) ?? [], [data]);
  const hasMore = data !== undefined && data.length > 0 && data[data.length - 1].cursor !== null;
  const loadingMore = data !== undefined && data.length < size;
  const scrollRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const rows = virtualizer.getVirtualItems();
  const lastVisibleIndex = rows.length ? rows[rows.length - 1].index : -1;

  useEffect(() => {
    if (hasMore && !loadingMore && !error && needsNextPage(lastVisibleIndex, items.length)) void setSize(size + 1);
  }, [hasMore, loadingMore, error, lastVisibleIndex, items.length, size, setSize]);

  const queryKey = JSON.stringify(query);
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [queryKey]);

  const paddingTop = rows.length ? rows[0].start : 0;
  const paddingBottom = rows.length ? virtualizer.getTotalSize() - rows[rows.length - 1].end : 0;
  const detailPath = (upc: string) => `/${clientId}/item_types/${encodeURIComponent(upc)}`;

  return (
    <div
      ref={scrollRef}
      className="border rounded"
      style={{ height: 'calc(100vh - 320px)', minHeight: 360, overflowY: 'auto' }}
      data-testid="products-scroller"
    >
      <Table hover className="mb-0" style={{ tableLayout: 'fixed' }}>
        <thead className="table-light" style={{ position: 'sticky', top: 0, zIndex: 1 }}>
          <tr>
            <th style={{ width: '40%' }}>Name</th>
            <th>Category</th>
            <th>UPC</th>
            <th style={{ width: '14%' }}>Type</th>
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden>
              <td colSpan={4} style={{ height: paddingTop, padding: 0, border: 0 }} />
            </tr>
          )}
          {rows.map((row) => {
            const item = items[row.index];
            return (
              <tr
                key={item.id}
                data-index={row.index}
                style={{ height: ROW_HEIGHT, cursor: 'pointer' }}
                onClick={() => navigate(detailPath(item.upc))}
              >
                <td className="text-truncate">
                  <Link to={detailPath(item.upc)} onClick={(event) => event.stopPropagation()}>
                    {item.name}
                  </Link>
                </td>
                <td className="text-truncate">{item.category}</td>
                <td className="text-truncate">{item.upc}</td>
                <td className="text-truncate">{item.composite_type_name}</td>
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden>
              <td colSpan={4} style={{ height: paddingBottom, padding: 0, border: 0 }} />
            </tr>
          )}
        </tbody>
      </Table>
      {(isLoading || loadingMore) && (
        <div className="d-flex justify-content-center p-2">
          <Spinner animation="border" size="sm" role="status">
            <span className="visually-hidden">Loading...</span>
          </Spinner>
        </div>
      )}
      {data && items.length === 0 && <p className="text-muted p-3 mb-0">No products found.</p>}
    </div>
  );
}
