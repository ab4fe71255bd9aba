import { useEffect, useMemo, useRef, useState } from 'react';
import { Form, Nav } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import {
  activeTabLabel,
  filtersFromSearchParams,
  filtersToQuery,
  PRODUCT_TABS,
  searchParamsWithFilters,
} from '../product-filters';
import { useCan } from '../../../lib/current-user';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ProductTable } from './ProductTable';
import { usePageTitle } from '../../../lib/use-page-title';

const SEARCH_DEBOUNCE_MS = 300;

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
        urlValue={typeof filters.searchTerm === 'string' ? filters.searchTerm : ''}
        onSearch={(searchTerm) =>
          setSearchParams((current) => searchParamsWithFilters(current, { searchTerm }), { replace: true })
        }
      />
      <ProductTable clientId={clientId} query={query} />
    </section>
  );
}

/** The 'Filter Products' box: writes its text to the URL once typing pauses. */
function SearchBox({ urlValue, onSearch }: { urlValue: string; onSearch: (searchTerm: string) => void }) {
  const [text, setText] = useState(urlValue);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const lastSent = useRef(urlValue);

  useEffect(() => {
    if (debounced.trim() === lastSent.current) return;
    lastSent.current = debounced.trim();
    onSearch(debounced.trim());
  }, [debounced, onSearch]);

  // The URL can change without typing (back button, a link): show what it says.
  useEffect(() => {
    if (urlValue === lastSent.current) return;
    lastSent.current = urlValue;
    setText(urlValue);
  }, [urlValue]);

  return (
    <Form.Control
      className="mb-3"
      type="search"
      placeholder="Filter Products"
      aria-label="Filter Products"
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
