import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest, apiRequestBlob } from '../../../lib/api-client';
import type {
  AddressChange,
  AddressValidation,
  Carrier,
  FulfillmentRequest,
  FulfillmentRequestList,
  FulfillmentRequestUpdate,
  RequestWrite,
  ReturnLabelWrite,
  Shipment,
  ShipProfile,
  ShipToAddress,
  ZipLookup,
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

/** A request with its sets and shipments; nothing is fetched while `requestId` is null. */
export function useRequest(clientId: string, requestId: string | null) {
  return useSWR(requestId === null ? null : requestKey(clientId, requestId), () =>
    apiRequest<FulfillmentRequest>(`${REQUESTS_PATH}/${encodeURIComponent(requestId!)}`, { clientId }),
  );
}

export function updateRequest(clientId: string, requestId: number, changes: FulfillmentRequestUpdate) {
  return apiRequest<FulfillmentRequest>(`${REQUESTS_PATH}/${requestId}`, { method: 'PUT', clientId, body: changes });
}

export function approveRequest(clientId: string, requestId: number) {
  return apiRequest<FulfillmentRequest>(`${REQUESTS_PATH}/${requestId}/approve`, { method: 'PUT', clientId });
}

export function cancelShipment(clientId: string, shipmentId: number) {
  return apiRequest<Shipment>(`${API_BASE_PATH}/shipments/${shipmentId}/cancel`, { method: 'POST', clientId });
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

/** City, state and centre of a US ZIP code (fails with 'USPS zip code lookup failed'). */
export function lookUpZip(zip: string) {
  return apiRequest<ZipLookup>(`${API_BASE_PATH}/address_validation/zip_lookup`, { query: { zip } });
}

/** The place of a ZIP code for the address fix map; a failed lookup is only logged (spec part 2, §8). */
export function useZipPlace(zip: string | null) {
  return useSWR(zip ? ['zip-place', zip] : null, () =>
    lookUpZip(zip!).catch((failure: unknown) => {
      console.warn(`Geocoding ZIP ${zip} failed`, failure);
      return null;
    }),
  );
}

/** How an address stands: normalised, valid or not, and the candidates when it is not. */
export function useAddressCheck(address: ShipToAddress | null) {
  return useSWR(address ? ['address-check', JSON.stringify(address)] : null, () =>
    apiRequest<AddressValidation>(`${API_BASE_PATH}/address_validation`, { method: 'POST', body: address }),
  );
}

/** Fix a request's ship-to address; an invalid one is stored only with `skipValidation`. */
export function changeAddress(clientId: string, requestId: number, address: ShipToAddress, skipValidation = false) {
  return apiRequest<AddressChange>(`${REQUESTS_PATH}/${requestId}/to_address`, {
    method: 'PUT',
    clientId,
    body: address,
    query: { skip_validation: skipValidation || undefined },
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
