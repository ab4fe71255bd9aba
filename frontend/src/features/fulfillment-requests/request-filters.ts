import { codeLabel } from '../../lib/labels';

/**
 * The list page's filters (spec part 2, §2), kept in the URL: a flag tab, the status, the date, the
 * search and the upload the requests came from. The Validating and Processing tabs are statuses: they
 * set the one status the Status dropdown shows too, so a tab and the dropdown never disagree.
 */

export type RequestQuery = Record<string, string>;

/** The statuses of a shipment (spec part 2, §4), in the order they come. */
export const SHIPMENT_STATUSES = ['validating', 'ready_to_process', 'processing', 'pending_ship_label', 'shipped', 'canceled'];

interface RequestTab {
  label: string;
  /** A status tab sets the status... */
  status?: string;
  /** ...a flag tab the flag it adds to the query. */
  query?: RequestQuery;
}

export const REQUEST_TABS: RequestTab[] = [
  { label: 'All' },
  { label: 'Validating', status: 'validating' },
  { label: 'Processing', status: 'processing' },
  { label: 'Invalid Address', query: { invalidToAddress: 'true' } },
  { label: 'Fraud', query: { fraud: 'true' } },
  { label: 'Unallocated Inventory', query: { unallocatedInventory: 'true' } },
  { label: 'Missing Customs', query: { missingCustomsInfo: 'true' } },
];

const FLAG_TABS = REQUEST_TABS.filter((tab) => tab.query);

/** The Status dropdown: any status, or one of the six. */
export const STATUS_OPTIONS = [{ value: '', label: 'All Statuses' }, ...SHIPMENT_STATUSES.map((value) => ({ value, label: codeLabel(value) }))];

/** The Date dropdown (spec part 2, §9): requests created within the last so many days. */
export const DATE_OPTIONS = [
  { value: '', label: 'All', days: null },
  { value: 'today', label: 'Today', days: 0 },
  { value: '7', label: 'Last 7 Days', days: 7 },
  { value: '30', label: 'Last 30 Days', days: 30 },
  { value: '90', label: 'Last 90 Days', days: 90 },
  { value: '365', label: 'Last 12 Months', days: 365 },
];

export interface RequestFilters {
  /** The flag tab open ('' for none). */
  tab: string;
  status: string;
  date: string;
  searchTerm: string;
  /** The bulk upload job whose requests are listed ('' for any). */
  jobId: string;
}

const NO_FILTERS: RequestFilters = { tab: '', status: '', date: '', searchTerm: '', jobId: '' };

export function filtersFromSearchParams(params: URLSearchParams): RequestFilters {
  const tab = REQUEST_TABS.find((known) => known.label === params.get('tab'));
  const status = params.get('status');
  return {
    tab: tab?.query ? tab.label : '',
    // A link to a status tab (?tab=Processing) is that status, unless it names a status of its own.
    status: status && SHIPMENT_STATUSES.includes(status) ? status : (tab?.status ?? ''),
    date: DATE_OPTIONS.some((option) => option.value === params.get('date')) ? params.get('date')! : '',
    searchTerm: params.get('searchTerm') ?? '',
    jobId: params.get('jobId') ?? '',
  };
}

/** The tab shown open: the flag tab, else the tab of the status, else All when no status is chosen. */
export function activeTab(filters: RequestFilters): string | null {
  if (filters.tab) return filters.tab;
  if (!filters.status) return 'All';
  return REQUEST_TABS.find((tab) => tab.status === filters.status)?.label ?? null;
}

/** What opening a tab changes: the tab's flag or status, the other cleared. */
export function tabChanges(label: string): Pick<RequestFilters, 'tab' | 'status'> {
  const tab = REQUEST_TABS.find((known) => known.label === label);
  return { tab: tab?.query ? label : '', status: tab?.status ?? '' };
}

/** The URL's query with ``changes`` made; the filters it does not hold (a stale status tab) leave it. */
export function searchParamsWith(params: URLSearchParams, changes: Partial<RequestFilters>): URLSearchParams {
  const filters = { ...filtersFromSearchParams(params), ...changes };
  const next = new URLSearchParams(params);
  for (const name of Object.keys(NO_FILTERS) as (keyof RequestFilters)[]) {
    if (filters[name]) next.set(name, filters[name]);
    else next.delete(name);
  }
  return next;
}

/** YYYY-MM-DD of the local day ``days`` before ``today``. */
export function daysBefore(today: Date, days: number): string {
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() - days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The list call's query: the flag tab's filter, the status, the date range (days of the browser's time
 * zone, which the API is told), the search and the upload. */
export function filtersToQuery(
  filters: RequestFilters,
  today: Date = new Date(),
  timeZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone,
): RequestQuery {
  const query: RequestQuery = { ...FLAG_TABS.find((tab) => tab.label === filters.tab)?.query };
  if (filters.status) query.shipmentStatus = filters.status;
  const days = DATE_OPTIONS.find((option) => option.value === filters.date)?.days;
  if (days !== null && days !== undefined) Object.assign(query, { fromDate: daysBefore(today, days), timeZone });
  if (filters.searchTerm.trim()) query.searchTerm = filters.searchTerm.trim();
  if (filters.jobId) query.jobId = filters.jobId;
  return query;
}
