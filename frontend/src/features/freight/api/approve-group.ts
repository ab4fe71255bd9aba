import { apiRequest } from '../../../lib/api-client';
import type { ShipmentGroup } from '../types';
import { groupPath } from './group-path';

/** Approves the group's LTL load: its requests no longer wait for approval, and it moves on once every check passes. */
export function approveGroup(clientId: string, groupId: number) {
  return apiRequest<ShipmentGroup>(`${groupPath(groupId)}/approve`, { method: 'PUT', clientId });
}
