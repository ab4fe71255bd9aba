import { apiRequest } from '../../../lib/api-client';
import type { ShipmentGroup } from '../types';
import { bolPath } from './upload-bol';

/** Draws a straight bill of lading from the group (shipper, consignee, bill-to, a line per shipment) and stores it. */
export function generateBol(clientId: string, groupId: number) {
  return apiRequest<ShipmentGroup>(`${bolPath(groupId)}/generate`, { method: 'POST', clientId });
}
