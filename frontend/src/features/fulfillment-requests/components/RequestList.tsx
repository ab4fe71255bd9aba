import { useMemo } from 'react';
import { Form, Nav } from 'react-bootstrap';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ListCell, pagedRows, ScrollingTable } from '../../../components/ScrollingTable';
import { SearchBox } from '../../../components/SearchBox';
import { formatDateTime } from '../../../lib/format-datetime';
import { useCan } from '../../../lib/current-user';
import type { FulfillmentRequest } from '../../../lib/models';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRequestPages } from '../api/get-requests';
import {
  DATE_OPTIONS,
  filtersFromSearchParams,
  filtersToQuery,
  REQUEST_TABS,
  searchParamsWith,
  STATUS_OPTIONS,
} from '../request-filters';

// Below this width (px) the list scrolls sideways: every heading and the order dates still fit their columns (a
// longer value is cut short, whole on hover).
const LIST_MIN_WIDTH = 960;

function shipTo(request: FulfillmentRequest): string {
  const { name, city, state, postal_code: postalCode } = request.to_address;
  return [name, [city, state].filter(Boolean).join(', '), postalCode].filter(Boolean).join(' · ');
}

/** /fulfillment_requests: the client's requests, filtered by the URL, scrolling through every page. */
export function RequestList({ clientId, shopName }: { clientId: string; shopName: string | null }) {
  usePageTitle('Fulfillment Requests');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const query = useMemo(() => filtersToQuery(filters), [filters]);
  const pages = pagedRows(useRequestPages(clientId, query), (page) => page.fulfillment_requests);
  const navigate = useNavigate();
  const canCreate = useCan('create:fulfillment_requests');
  const base = `/${clientId}/fulfillment_requests`;
  const change = (changes: Parameters<typeof searchParamsWith>[1]) =>
    setSearchParams((current) => searchParamsWith(current, changes), { replace: true });

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="me-auto mb-0">Fulfillment Requests</h2>
        {canCreate && shopName && (
          <Link to={`/${clientId}/shopify/get_order`} className="btn btn-outline-primary btn-sm">
            Import from Shopify
          </Link>
        )}
        {canCreate && filters.tab === 'Invalid Address' && (
          <Link to={`${base}/fix_address`} className="btn btn-outline-primary btn-sm">
            Fix Addresses
          </Link>
        )}
        {canCreate && (
          <>
            <Link to={`${base}/new_bulk`} className="btn btn-outline-primary btn-sm">
              Bulk Import
            </Link>
            <Link to={`${base}/new`} className="btn btn-primary btn-sm">
              New
            </Link>
          </>
        )}
      </div>
      <Nav as="nav" variant="tabs" className="mb-3" activeKey={filters.tab} aria-label="Request filters">
        {REQUEST_TABS.map(({ label }) => (
          <Nav.Item key={label}>
            <Nav.Link as={Link} eventKey={label} to={`?${searchParamsWith(searchParams, { tab: label })}`} replace>
              {label}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <SearchBox
          label="Search"
          placeholder="Search ID, order ID or name"
          style={{ maxWidth: 320 }}
          urlValue={filters.searchTerm}
          onSearch={(searchTerm) => change({ searchTerm })}
        />
        <FilterSelect label="Status" width={220} value={filters.status} options={STATUS_OPTIONS} onChange={(status) => change({ status })} />
        <FilterSelect label="Date" width={200} value={filters.date} options={DATE_OPTIONS} onChange={(date) => change({ date })} />
      </div>
      <ScrollingTable
        pages={pages}
        header={
          <>
            <th style={{ width: '12%' }}>ID</th>
            <th style={{ width: '9%' }}>Order ID</th>
            <th style={{ width: '11%' }}>Warehouse</th>
            <th style={{ width: '10%' }}>Ship Profile ID</th>
            <th style={{ width: '10%' }}>Ship Method</th>
            <th>To Address</th>
            <th style={{ width: '25%' }}>Order Date</th>
          </>
        }
        columnCount={7}
        rowKey={(request) => request.id}
        cells={(request) => (
          <>
            <ListCell text={request.fulfillment_request_id}>
              <Link to={`${base}/${request.id}`} onClick={(event) => event.stopPropagation()}>
                {request.fulfillment_request_id}
              </Link>
            </ListCell>
            <ListCell text={request.order_id} />
            <ListCell text={request.warehouse_id} />
            <ListCell text={request.ship_profile_id} />
            <ListCell text={request.ship_method} />
            <ListCell text={shipTo(request)} />
            <ListCell text={formatDateTime(request.created_at)} />
          </>
        )}
        onOpen={(request) => navigate(`${base}/${request.id}`)}
        resetKey={JSON.stringify(query)}
        emptyText="No fulfillment requests found."
        testId="requests-scroller"
        minWidth={LIST_MIN_WIDTH}
      />
    </section>
  );
}

interface FilterSelectProps {
  label: string;
  width: number;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}

function FilterSelect({ label, width, value, options, onChange }: FilterSelectProps) {
  return (
    <Form.Select aria-label={label} style={{ maxWidth: width }} value={value} onChange={(event) => onChange(event.target.value)}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Form.Select>
  );
}
