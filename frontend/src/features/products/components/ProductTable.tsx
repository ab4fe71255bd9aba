import { Link, useNavigate } from 'react-router';
import { pagedRows, ScrollingTable } from '../../../components/ScrollingTable';
import type { ItemSummary } from '../../../lib/models';
import { useItemsPages, type ItemsQuery } from '../api/get-items';

/** The products table, scrolling through every page of the catalogue as the user scrolls. */
export function ProductTable({ clientId, query }: { clientId: string; query: ItemsQuery }) {
  const pages = pagedRows(useItemsPages(clientId, query), (page) => page.items);
  const navigate = useNavigate();
  const detailPath = (item: ItemSummary) => `/${clientId}/item_types/${encodeURIComponent(item.upc)}`;

  return (
    <ScrollingTable
      pages={pages}
      header={
        <>
          <th style={{ width: '40%' }}>Name</th>
          <th>Category</th>
          <th>UPC</th>
          <th style={{ width: '14%' }}>Type</th>
        </>
      }
      columnCount={4}
      rowKey={(item) => item.id}
      cells={(item) => (
        <>
          <td className="text-truncate">
            <Link to={detailPath(item)} onClick={(event) => event.stopPropagation()}>
              {item.name}
            </Link>
          </td>
          <td className="text-truncate">{item.category}</td>
          <td className="text-truncate">{item.upc}</td>
          <td className="text-truncate">{item.composite_type_name}</td>
        </>
      )}
      onOpen={(item) => navigate(detailPath(item))}
      resetKey={JSON.stringify(query)}
      emptyText="No products found."
      testId="products-scroller"
    />
  );
}
