import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import type { ShipmentGroup } from '../types';
import { groupPath } from './group-path';

export function getGroup(clientId: string, groupId: string | number) {
  return apiRequest<ShipmentGroup>(groupPath(groupId), { clientId });
}

export function groupKey(clientId: string, groupId: string | number) {
  return ['shipment-group', clientId, String(groupId)] as const;
}

/** A group with its checklist, its shipments and the actions the user may take now. */
export function useGroup(clientId: string, groupId: string) {
  return useSWR(groupKey(clientId, groupId), () => getGroup(clientId, groupId));
}
