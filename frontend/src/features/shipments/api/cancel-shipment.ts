import { apiRequest } from '../../../lib/api-client';
import { shipmentPath } from './shipment-path';

/** Cancels the shipment; its allocated units go back to free stock. */
export function cancelShipment(clientId: string, shipmentId: number) {
  return apiRequest<unknown>(`${shipmentPath(shipmentId)}/cancel`, { method: 'POST', clientId });
}
