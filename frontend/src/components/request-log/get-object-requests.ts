import useSWRInfinite from 'swr/infinite';
import { API_BASE_PATH } from '../../config/constants';
import { apiRequest } from '../../lib/api-client';
import type { RequestLogList } from '../../lib/models';

export const REQUEST_LOG_PAGE_SIZE = 50;

export function getObjectRequests(clientId: string, objectType: string, objectId: string, cursor: string | null) {
  return apiRequest<RequestLogList>(
    `${API_BASE_PATH}/logs/requests/${encodeURIComponent(objectType)}/${encodeURIComponent(objectId)}`,
    { clientId, query: { limit: REQUEST_LOG_PAGE_SIZE, cursor } },
  );
}

/** The calls made on one object, newest first, page by page; nothing is fetched while `enabled` is false. */
export function useObjectRequests(clientId: string, objectType: string, objectId: string, enabled: boolean) {
  return useSWRInfinite(
    (pageIndex: number, previous: RequestLogList | null) => {
      if (!enabled || (previous && !previous.cursor)) return null;
      return ['object-requests', clientId, objectType, objectId, pageIndex === 0 ? null : previous!.cursor] as const;
    },
    ([, , , , cursor]) => getObjectRequests(clientId, objectType, objectId, cursor),
  );
}
