import { apiRequest } from '../../../lib/api-client';
import type { FulfillmentRequest } from '../../../lib/models';
import { requestPath } from './request-path';

export function approveRequest(clientId: string, requestId: number) {
  return apiRequest<FulfillmentRequest>(`${requestPath(requestId)}/approve`, { method: 'PUT', clientId });
}
