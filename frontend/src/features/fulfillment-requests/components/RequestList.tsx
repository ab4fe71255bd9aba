import { useMemo, useState } from 'react';
import { Alert, Button, Form, Nav } from 'react-bootstrap';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { JobProgress } from '../../../components/job-progress/JobProgress';
import { ListCell, pagedRows, ScrollingTable } from '../../../components/ScrollingTable';
import { SearchBox } from '../../../components/SearchBox';
import { formatDateTime } from '../../../lib/format-datetime';
import { useCan } from '../../../lib/current-user';
import { codeLabel, shipMethodLabel } from '../../../lib/labels';
import type { FulfillmentRequest, FulfillmentRequestList } from '../../../lib/models';
import { useCarriers } from '../../../lib/reference-data/get-carriers';
import { saveFile } from '../../../lib/save-file';
import { useMutation } from '../../../lib/use-mutation';
import { usePageTitle } from '../../../lib/use-page-title';
import { exportRequests } from '../api/export-requests';
import { useRequestPages } from '../api/get-requests';
import {
  activeTab,
  DATE_OPTIONS,
  filtersFromSearchParams,
  filtersToQuery,
  REQUEST_TABS,
  searchParamsWith,
  STATUS_OPTIONS,
  tabChanges,
} from '../request-filters';

type RequestRow = FulfillmentRequestList['fulfillment_requests'][number];

// Below this width (px) the list scrolls sideways: every heading and the order dates still fit their columns (a
// longer value is cut short, whole on hover).
const LIST_MIN_WIDTH = 960;

function shipTo(request: FulfillmentRequest): string {
  const { name, city, state, postal_code: postalCode } = request.to_address;
  return [name, [city, state].filter(Boolean).join(', '), postalCode].filter(Boolean).join(' · ');
}

/** /fulfillment_requests: the client's requests, filtered by the URL, scrolling through every page. */
interface RequestListProps {
  clientId: string;
  /** Where Import from Shopify leads: given only when the client has a shop (the route module knows). */
  shopImportPath?: string;
}

export function RequestList({ clientId, shopImportPath }: RequestListProps) {
  usePageTitle('Fulfillment Requests');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const query = useMemo(() => filtersToQuery(filters), [filters]);
  const pages = pagedRows(useRequestPages(clientId, query), (page) => page.fulfillment_requests);
  const { data: carriers } = useCarriers();
  const navigate = useNavigate();
  const canCreate = useCan('create:fulfillment_requests');
  const exporting = useMutation();
  const [exportJobId, setExportJobId] = useState<string | null>(null);
  const base = `/${clientId}/fulfillment_requests`;
  const change = (changes: Parameters<typeof searchParamsWith>[1]) =>
    setSearchParams((current) => searchParamsWith(current, changes), { replace: true });
  const openTab = activeTab(filters);

  async function exportList() {
    setExportJobId(null);
    const answer = await exporting.run(() => exportRequests(clientId, query));
    if (answer && 'file' in answer) saveFile(answer.file, 'fulfillment-requests.csv');
    if (answer && 'job' in answer) setExportJobId(answer.job.id);
  }

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="me-auto mb-0">Fulfillment Requests</h2>
        <Button variant="outline-secondary" size="sm" onClick={() => void exportList()} disabled={exporting.pending}>
          {exporting.pending ? 'Exporting...' : 'Export CSV'}
        </Button>
        {canCreate && filters.tab === 'Invalid Address' && (
          <Link to={`${base}/fix_address`} className="btn btn-outline-primary btn-sm">
            Fix Addresses
          </Link>
        )}
        {canCreate && (
          <>
            {shopImportPath && (
              <Link to={shopImportPath} className="btn btn-outline-primary btn-sm">
                Import from Shopify
              </Link>
            )}
            <Link to={`${base}/new_bulk`} className="btn btn-outline-primary btn-sm">
              Bulk Import
            </Link>
            <Link to={`${base}/new`} className="btn btn-primary btn-sm">
              New
            </Link>
          </>
        )}
      </div>
      {exportJobId && (
        <JobProgress key={exportJobId} jobId={exportJobId} clientId={clientId} doneMessage="The export was e-mailed to you." />
      )}
      {filters.jobId && (
        <Alert variant="info" className="d-flex flex-wrap align-items-center gap-2 py-2">
          <span className="me-auto">Showing the requests created by one bulk upload.</span>
          <Link className="alert-link" to={`?${searchParamsWith(searchParams, { jobId: '' })}`} replace>
            Show all requests
          </Link>
        </Alert>
      )}
      <Nav as="nav" variant="tabs" className="mb-3" activeKey={openTab ?? undefined} aria-label="Request filters">
        {REQUEST_TABS.map(({ label }) => (
          <Nav.Item key={label}>
            <Nav.Link as={Link} eventKey={label} to={`?${searchParamsWith(searchParams, tabChanges(label))}`} replace>
              {label}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <SearchBox
          label="Search"
          placeholder="ID, order, name, e-mail, city or postal code"
          style={{ maxWidth: 400 }}
          urlValue={filters.searchTerm}
          onSearch={(searchTerm) => change({ searchTerm })}
        />
        <FilterSelect label="Status" width={220} value={filters.status} options={STATUS_OPTIONS} onChange={(status) => change({ status })} />
        <FilterSelect label="Date" width={200} value={filters.date} options={DATE_OPTIONS} onChange={(date) => change({ date })} />
      </div>
      <ScrollingTable<RequestRow>
        pages={pages}
        header={
          <>
            <th style={{ width: '9%' }}>ID</th>
            <th style={{ width: '7%' }}>Order ID</th>
            <th style={{ width: '14%' }}>Status</th>
            <th style={{ width: '11%' }}>Warehouse</th>
            <th style={{ width: '10%' }}>Ship Profile ID</th>
            <th style={{ width: '9%' }}>Ship Method</th>
            <th>To Address</th>
            <th style={{ width: '25%' }}>Order Date</th>
          </>
        }
        columnCount={8}
        rowKey={(request) => request.id}
        cells={(request) => (
          <>
            <ListCell text={request.fulfillment_request_id}>
              <Link to={`${base}/${request.id}`} onClick={(event) => event.stopPropagation()}>
                {request.fulfillment_request_id}
              </Link>
            </ListCell>
            <ListCell text={request.order_id} />
            <ListCell text={request.progress} />
            <ListCell text={codeLabel(request.warehouse_id)} />
            <ListCell text={request.ship_profile_id} />
            <ListCell text={shipMethodLabel(request.ship_method, carriers)} />
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
