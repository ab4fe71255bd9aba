import { apiRequest } from '../../../lib/api-client';
import type { ShipmentGroup } from '../types';
import { groupPath } from './group-path';

/** Cancels the group and every shipment in it; their units go back to free stock. */
export function cancelGroup(clientId: string, groupId: number) {
  return apiRequest<ShipmentGroup>(`${groupPath(groupId)}/cancel`, { method: 'PUT', clientId });
}
