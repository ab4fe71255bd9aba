import { Link } from 'react-router';
import { Panel } from '../../../components/Facts';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { productPath } from '../paths';

interface RelatedItem {
  id: number;
  upc: string;
  sku: string;
  name: string;
  quantity: number;
  composite_type_name?: string;
}

/** Items linked to this one (its children or its parents), each linking to its own page. */
export function RelatedItemsTable({ title, empty, items, clientId, showType = false }: {
  title: string;
  empty: string;
  items: RelatedItem[];
  clientId: string;
  showType?: boolean;
}) {
  return (
    <Panel title={title}>
      {items.length === 0 ? (
        <p className="text-muted mb-0">{empty}</p>
      ) : (
        <ResponsiveTable size="sm" className="mb-0" label={title}>
          <thead>
            <tr>
              <th>Name</th>
              {showType && <th>Type</th>}
              <th>SKU</th>
              <th>UPC</th>
              <th>Quantity</th>
            </tr>
          </thead>
          <tbody>
            {items.map((related) => (
              <tr key={related.id}>
                <td>
                  <Link to={productPath(clientId, related.upc)}>{related.name}</Link>
                </td>
                {showType && <td>{related.composite_type_name}</td>}
                <td>{related.sku}</td>
                <td>{related.upc}</td>
                <td>{related.quantity}</td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
      )}
    </Panel>
  );
}
