import { apiRequest } from '../../../lib/api-client';
import type { FulfillmentRequest, FulfillmentRequestUpdate } from '../../../lib/models';
import { requestPath } from './request-path';

export function updateRequest(clientId: string, requestId: number, changes: FulfillmentRequestUpdate) {
  return apiRequest<FulfillmentRequest>(requestPath(requestId), { method: 'PUT', clientId, body: changes });
}
