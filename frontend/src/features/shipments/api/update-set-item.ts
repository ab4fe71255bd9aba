import { apiRequest } from '../../../lib/api-client';
import type { Shipment } from '../types';
import { shipmentPath } from './shipment-path';

/** Sets how many of an item the shipment sends (0 up to what was requested); lowering frees units at once. */
export function updateSetItem(clientId: string, shipmentId: number, setId: number, itemId: number, quantityDesired: number) {
  return apiRequest<Shipment>(`${shipmentPath(shipmentId)}/sets/${setId}/items/${itemId}`, {
    method: 'PUT',
    clientId,
    body: { quantity_desired: quantityDesired },
  });
}
