import { apiRequest } from '../../../lib/api-client';
import type { ShipmentComment } from '../../../lib/models';
import { shipmentCommentsPath } from './get-shipment-comments';

export function addShipmentComment(clientId: string, shipmentId: number, body: string) {
  return apiRequest<ShipmentComment>(shipmentCommentsPath(shipmentId), { method: 'POST', clientId, body: { body } });
}
