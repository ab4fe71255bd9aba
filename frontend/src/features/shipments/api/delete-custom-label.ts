import { apiRequest } from '../../../lib/api-client';
import { customLabelPath } from './document-path';

export function deleteCustomLabel(clientId: string, shipmentId: number) {
  return apiRequest<unknown>(customLabelPath(shipmentId), { method: 'DELETE', clientId });
}
