import useSWRInfinite from 'swr/infinite';
import { apiRequest } from '../../../lib/api-client';
import type { FulfillmentRequestList } from '../../../lib/models';
import { cursorPageKey } from '../../../lib/pagination';
import type { RequestQuery } from '../request-filters';
import { REQUESTS_PATH } from './request-path';

/** A few screens of 45 px rows per request. */
export const REQUESTS_PAGE_SIZE = 100;

export function getRequests(clientId: string, query: RequestQuery, cursor: string | null) {
  return apiRequest<FulfillmentRequestList>(REQUESTS_PATH, {
    clientId,
    query: { ...query, limit: REQUESTS_PAGE_SIZE, cursor },
  });
}

/** The SWR key of one page: null once the previous page said there is nothing more. */
export function getRequestsPageKey(clientId: string, query: RequestQuery) {
  return cursorPageKey('fulfillment-requests', clientId, JSON.stringify(query));
}

/** The list page by page: `setSize(size + 1)` fetches the next page with the last cursor. */
export function useRequestPages(clientId: string, query: RequestQuery) {
  return useSWRInfinite(getRequestsPageKey(clientId, query), ([, , , cursor]) => getRequests(clientId, query, cursor), {
    // The first page (the newest requests) is fetched again whenever the list is opened or grows:
    // requests arrive behind it (an upload's job, the shop), and the cache alone would hide them.
    revalidateFirstPage: true,
  });
}
