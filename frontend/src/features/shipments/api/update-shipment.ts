import { apiRequest } from '../../../lib/api-client';
import type { Shipment } from '../types';
import { shipmentPath } from './shipment-path';

export interface ShipmentChanges {
  ship_profile_id?: number | null;
  ship_method?: string | null;
}

/** Changes the shipment's ship profile and method (allowed while 'edit_method' is). */
export function updateShipment(clientId: string, shipmentId: number, changes: ShipmentChanges) {
  return apiRequest<Shipment>(shipmentPath(shipmentId), { method: 'PUT', clientId, body: changes });
}
