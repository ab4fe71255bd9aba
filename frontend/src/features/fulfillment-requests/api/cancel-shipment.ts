import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { Shipment } from '../../../lib/models';

export function cancelShipment(clientId: string, shipmentId: number) {
  return apiRequest<Shipment>(`${API_BASE_PATH}/shipments/${shipmentId}/cancel`, { method: 'POST', clientId });
}
