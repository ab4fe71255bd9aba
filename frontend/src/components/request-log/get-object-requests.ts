import useSWRInfinite from 'swr/infinite';
import { API_BASE_PATH } from '../../config/constants';
import { apiRequest } from '../../lib/api-client';
import type { RequestLogList } from '../../lib/models';

export const REQUEST_LOG_PAGE_SIZE = 50;

export interface ObjectRequestsQuery {
  clientId: string;
  objectType: string;
  objectId: string;
  /** The API lists writes and failures; with this, every call, page views (GETs) too. */
  includeReads: boolean;
}

export function getObjectRequests({ clientId, objectType, objectId, includeReads }: ObjectRequestsQuery, cursor: string | null) {
  return apiRequest<RequestLogList>(
    `${API_BASE_PATH}/logs/requests/${encodeURIComponent(objectType)}/${encodeURIComponent(objectId)}`,
    { clientId, query: { limit: REQUEST_LOG_PAGE_SIZE, cursor, include_reads: includeReads || undefined } },
  );
}

export function getObjectRequestsKey(
  { clientId, objectType, objectId, includeReads }: ObjectRequestsQuery,
  cursor: string | null,
) {
  return ['object-requests', clientId, objectType, objectId, includeReads, cursor] as const;
}

/** The calls made on one object, newest first, page by page; nothing is fetched while `enabled` is false. */
export function useObjectRequests(query: ObjectRequestsQuery, enabled: boolean) {
  return useSWRInfinite(
    (pageIndex: number, previous: RequestLogList | null) => {
      if (!enabled || (previous && !previous.cursor)) return null;
      return getObjectRequestsKey(query, pageIndex === 0 ? null : previous!.cursor);
    },
    ([, , , , , cursor]) => getObjectRequests(query, cursor),
  );
}
