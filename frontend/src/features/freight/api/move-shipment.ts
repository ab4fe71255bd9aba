import { apiRequest } from '../../../lib/api-client';
import type { ShipmentGroup } from '../types';
import { groupPath } from './group-path';

/** Moves a shipment into the target group (another of the client's groups in validating); answers the target. */
export function moveShipment(clientId: string, targetGroupId: number, shipmentId: number) {
  return apiRequest<ShipmentGroup>(`${groupPath(targetGroupId)}/shipments`, { method: 'POST', clientId, body: { shipmentId } });
}
