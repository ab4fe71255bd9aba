import { apiRequest } from '../../../lib/api-client';
import type { FulfillmentRequest, RequestWrite } from '../../../lib/models';
import { REQUESTS_PATH } from './request-path';

export function createRequest(clientId: string, request: RequestWrite, idempotencyKey: string) {
  return apiRequest<FulfillmentRequest>(REQUESTS_PATH, { method: 'POST', clientId, body: request, idempotencyKey });
}
