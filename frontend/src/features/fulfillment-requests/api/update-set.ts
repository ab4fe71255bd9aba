import { apiRequest } from '../../../lib/api-client';
import type { FulfillmentRequest, SetUpdate } from '../../../lib/models';
import { requestPath } from './request-path';

/** Changes a set's type, gift note or items (each by its id: quantity lowered, customs value, details). */
export function updateSet(clientId: string, requestId: number, setId: number, changes: Partial<SetUpdate>) {
  return apiRequest<FulfillmentRequest>(`${requestPath(requestId)}/sets/${setId}`, { method: 'PUT', clientId, body: changes });
}
