import { apiRequest } from '../../../lib/api-client';
import type { ShipmentGroup } from '../types';
import { groupPath } from './group-path';

export interface GroupShipMethod {
  ship_profile_id: number | null;
  ship_method: string | null;
}

/** Changes the ship profile and method of the group and all its shipments (admins only). */
export function updateGroupShipMethod(clientId: string, groupId: number, method: GroupShipMethod) {
  return apiRequest<ShipmentGroup>(`${groupPath(groupId)}/ship_method`, { method: 'PUT', clientId, body: method });
}
