import { apiRequest } from '../../../lib/api-client';
import type { FulfillmentRequest } from '../../../lib/models';
import { requestPath } from './request-path';

/** Cancels every shipment of the request, or none (409 naming the shipment the warehouse has begun). */
export function cancelRequest(clientId: string, requestId: number) {
  return apiRequest<FulfillmentRequest>(`${requestPath(requestId)}/cancel`, { method: 'PUT', clientId });
}
