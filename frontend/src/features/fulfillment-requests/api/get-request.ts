import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import type { FulfillmentRequest } from '../../../lib/models';
import { requestPath } from './request-path';

export function getRequest(clientId: string, requestId: string) {
  return apiRequest<FulfillmentRequest>(requestPath(requestId), { clientId });
}

export function requestKey(clientId: string, requestId: string) {
  return ['fulfillment-request', clientId, requestId] as const;
}

/** A request with its sets and shipments; nothing is fetched while `requestId` is null. */
export function useRequest(clientId: string, requestId: string | null) {
  return useSWR(requestId === null ? null : requestKey(clientId, requestId), () => getRequest(clientId, requestId!));
}
