import { useMemo } from 'react';
import { Nav } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import {
  activeTabLabel,
  filtersFromSearchParams,
  filtersToQuery,
  PRODUCT_TABS,
  searchParamsWithFilters,
} from '../product-filters';
import { useCan } from '../../../lib/current-user';
import { SearchBox } from '../../../components/SearchBox';
import { ProductTable } from './ProductTable';
import { usePageTitle } from '../../../lib/use-page-title';

/** Every one of them creates items, so they need create:items. */
const ADD_BUTTONS = [
  { label: 'Add New Product', to: 'new' },
  { label: 'Add New Case Pack', to: 'casepack_types_new' },
  { label: 'Add New Virtual Bundle', to: 'virtualbundle_types_new' },
  { label: 'Bulk Create / Update Items', to: 'new_bulk' },
  { label: 'Bulk Create Case Packs', to: 'case_pack_types_bulk' },
];

/** /item_types: the client's products, filtered by the URL query, scrolling through every page. */
export function ProductList({ clientId }: { clientId: string }) {
  usePageTitle('Products');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const query = useMemo(() => filtersToQuery(filters), [filters]);
  const activeTab = activeTabLabel(filters);
  const base = `/${clientId}/item_types`;
  const canCreate = useCan('create:items');

  return (
    <section>
      <h2>Products</h2>
      {canCreate && (
        <div className="d-flex flex-wrap gap-2 mb-3">
          {ADD_BUTTONS.map(({ label, to }) => (
            <Link key={to} to={`${base}/${to}`} className="btn btn-outline-primary btn-sm">
              {label}
            </Link>
          ))}
        </div>
      )}
      <Nav as="nav" variant="tabs" className="mb-3" activeKey={activeTab} aria-label="Product types">
        {PRODUCT_TABS.map(({ label, compositeType }) => (
          <Nav.Item key={label}>
            <Nav.Link
              as={Link}
              eventKey={label}
              to={`?${searchParamsWithFilters(searchParams, { compositeType })}`}
              replace
            >
              {label}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <SearchBox
        className="mb-3"
        label="Filter Products"
        placeholder="Filter Products"
        urlValue={typeof filters.searchTerm === 'string' ? filters.searchTerm : ''}
        onSearch={(searchTerm) =>
          setSearchParams((current) => searchParamsWithFilters(current, { searchTerm }), { replace: true })
        }
      />
      <ProductTable clientId={clientId} query={query} />
    </section>
  );
}
