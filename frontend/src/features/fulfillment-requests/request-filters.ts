/** The list page's filters (spec part 2, §2), kept in the URL: tab, status, date and search. */

export type RequestQuery = Record<string, string>;

/** The filter tabs, each the query it adds. */
export const REQUEST_TABS: { label: string; query: RequestQuery }[] = [
  { label: 'All', query: {} },
  { label: 'Validating', query: { shipmentStatus: 'validating' } },
  { label: 'Processing', query: { shipmentStatus: 'processing' } },
  { label: 'Invalid Address', query: { invalidToAddress: 'true' } },
  { label: 'Fraud', query: { fraud: 'true' } },
  { label: 'Unallocated Inventory', query: { unallocatedInventory: 'true' } },
  { label: 'Missing Customs', query: { missingCustomsInfo: 'true' } },
];

/** The Status dropdown: a shipment status (all six of spec part 2, §4). */
export const STATUS_OPTIONS = [
  { value: '', label: 'All Statuses' },
  { value: 'validating', label: 'Validating' },
  { value: 'ready_to_process', label: 'Ready To Process' },
  { value: 'processing', label: 'Processing' },
  { value: 'pending_ship_label', label: 'Pending Ship Label' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'canceled', label: 'Canceled' },
];

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
  tab: string;
  status: string;
  date: string;
  searchTerm: string;
}

export function filtersFromSearchParams(params: URLSearchParams): RequestFilters {
  const tab = params.get('tab') ?? 'All';
  return {
    tab: REQUEST_TABS.some((known) => known.label === tab) ? tab : 'All',
    status: STATUS_OPTIONS.some((option) => option.value === params.get('status')) ? params.get('status')! : '',
    date: DATE_OPTIONS.some((option) => option.value === params.get('date')) ? params.get('date')! : '',
    searchTerm: params.get('searchTerm') ?? '',
  };
}

export function searchParamsWith(params: URLSearchParams, changes: Partial<RequestFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value && !(name === 'tab' && value === 'All')) next.set(name, value);
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

/** The list call's query: the tab's filter, the status chosen (over the tab's), the date range (days of
 * the browser's time zone, which the API is told) and the search. */
export function filtersToQuery(
  filters: RequestFilters,
  today: Date = new Date(),
  timeZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone,
): RequestQuery {
  const query: RequestQuery = { ...REQUEST_TABS.find((tab) => tab.label === filters.tab)?.query };
  if (filters.status) query.shipmentStatus = filters.status;
  const days = DATE_OPTIONS.find((option) => option.value === filters.date)?.days;
  if (days !== null && days !== undefined) Object.assign(query, { fromDate: daysBefore(today, days), timeZone });
  if (filters.searchTerm.trim()) query.searchTerm = filters.searchTerm.trim();
  return query;
}
