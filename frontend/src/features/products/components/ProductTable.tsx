import { Link, useNavigate } from 'react-router';
import { ListCell, pagedRows, ScrollingTable } from '../../../components/ScrollingTable';
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
          <ListCell text={item.name}>
            <Link to={detailPath(item)} onClick={(event) => event.stopPropagation()}>
              {item.name}
            </Link>
          </ListCell>
          <ListCell text={item.category} />
          <ListCell text={item.upc} />
          <ListCell text={item.composite_type_name} />
        </>
      )}
      onOpen={(item) => navigate(detailPath(item))}
      resetKey={JSON.stringify(query)}
      emptyText="No products found."
      testId="products-scroller"
    />
  );
}
