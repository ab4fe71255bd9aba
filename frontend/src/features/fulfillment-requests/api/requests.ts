import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest, apiRequestBlob } from '../../../lib/api-client';
import type {
  Carrier,
  FulfillmentRequest,
  FulfillmentRequestList,
  FulfillmentRequestUpdate,
  RequestWrite,
  ReturnLabelWrite,
  ShipProfile,
} from '../../../lib/models';
import { getItems } from '../../products/api/get-items';
import type { RequestQuery } from '../request-filters';

const REQUESTS_PATH = `${API_BASE_PATH}/fulfillment_requests`;
/** A few screens of 45 px rows per request. */
export const REQUESTS_PAGE_SIZE = 100;

/** The list page by page: `setSize(size + 1)` fetches the next page with the last cursor. */
export function useRequestPages(clientId: string, query: RequestQuery) {
  return useSWRInfinite(
    (pageIndex: number, previous: FulfillmentRequestList | null) => {
      if (previous && !previous.cursor) return null;
      return ['fulfillment-requests', clientId, JSON.stringify(query), pageIndex === 0 ? null : previous!.cursor] as const;
    },
    ([, , , cursor]) =>
      apiRequest<FulfillmentRequestList>(REQUESTS_PATH, { clientId, query: { ...query, limit: REQUESTS_PAGE_SIZE, cursor } }),
    // The first page (the newest requests) is fetched again whenever the list is opened or grows:
    // requests arrive behind it (an upload's job, the shop), and the cache alone would hide them.
    { revalidateFirstPage: true },
  );
}

export function requestKey(clientId: string, requestId: string) {
  return ['fulfillment-request', clientId, requestId] as const;
}

export function useRequest(clientId: string, requestId: string) {
  return useSWR(requestKey(clientId, requestId), () =>
    apiRequest<FulfillmentRequest>(`${REQUESTS_PATH}/${encodeURIComponent(requestId)}`, { clientId }),
  );
}

export function updateRequest(clientId: string, requestId: number, changes: FulfillmentRequestUpdate) {
  return apiRequest<FulfillmentRequest>(`${REQUESTS_PATH}/${requestId}`, { method: 'PUT', clientId, body: changes });
}

export function approveRequest(clientId: string, requestId: number) {
  return apiRequest<FulfillmentRequest>(`${REQUESTS_PATH}/${requestId}/approve`, { method: 'PUT', clientId });
}

/** The return label PDF of spec part 2, §7 (a version 2 path). */
export function getReturnLabel(clientId: string, label: ReturnLabelWrite) {
  return apiRequestBlob('/api/v2/request/get_return_label', { method: 'POST', clientId, body: label, accept: 'application/pdf' });
}

export function useShipProfiles(clientId: string) {
  return useSWR(['ship-profiles', clientId], () =>
    apiRequest<{ ship_profiles: ShipProfile[] }>(`${API_BASE_PATH}/ship_profiles`, { clientId, query: { limit: 500 } }).then(
      (page) => page.ship_profiles,
    ),
  );
}

export function useCarriers() {
  return useSWR(['carriers'], () =>
    apiRequest<{ carriers: Carrier[] }>(`${API_BASE_PATH}/carriers`, { query: { limit: 500 } }).then((page) => page.carriers),
  );
}

export function createRequest(clientId: string, request: RequestWrite, idempotencyKey: string) {
  return apiRequest<FulfillmentRequest>(REQUESTS_PATH, { method: 'POST', clientId, body: request, idempotencyKey });
}

export function useShipmentTypes() {
  return useSWR(['shipment-types'], () =>
    apiRequest<{ shipment_types: { id: number; name: string }[]; default_shipment_type: string }>(
      `${API_BASE_PATH}/shipment_types`,
      { query: { limit: 500 } },
    ),
  );
}

/** City and state of a US ZIP code (null when the lookup fails: 'USPS zip code lookup failed'). */
export function lookUpZip(zip: string) {
  return apiRequest<{ default_city: string; default_state: string }>(`${API_BASE_PATH}/address_validation/zip_lookup`, {
    query: { zip },
  });
}

/** Items of the catalogue whose name, SKU or UPC starts with the term (bundles and kits too). */
/** The new request form's item search: any item of the catalogue (bundles and kits expand on the server). */
export function useCatalogueSearch(clientId: string, term: string) {
  const trimmed = term.trim();
  return useSWR(trimmed.length >= 2 ? ['request-item-search', clientId, trimmed] : null, () =>
    getItems(clientId, { searchTerm: trimmed }, null, 10).then((page) => page.items),
  );
}
