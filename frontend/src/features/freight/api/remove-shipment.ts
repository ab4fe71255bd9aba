import { apiRequest } from '../../../lib/api-client';
import type { BillingType } from '../group-rules';
import type { ShipmentGroup } from '../types';
import { groupPath } from './group-path';

export interface ShipmentRemoval {
  ship_profile_id: number | null;
  ship_method: string;
  billing_type: BillingType;
  billing_account: string | null;
  billing_postal_code: string | null;
}

/** Takes a shipment out of the group to ship as a parcel, by the profile, method and billing given; answers the group. */
export function removeShipment(clientId: string, groupId: number, shipmentId: number, removal: ShipmentRemoval) {
  return apiRequest<ShipmentGroup>(`${groupPath(groupId)}/shipments/${encodeURIComponent(shipmentId)}/remove`, {
    method: 'POST',
    clientId,
    body: removal,
  });
}
