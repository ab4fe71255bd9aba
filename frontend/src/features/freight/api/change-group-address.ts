import { apiRequest } from '../../../lib/api-client';
import type { ShipToAddress } from '../../../lib/models';
import type { GroupAddressChange } from '../types';
import { groupPath } from './group-path';

/** Changes the group's ship-to address (and its shipments' requests'); an invalid one is stored only with `skipValidation`. */
export function changeGroupAddress(clientId: string, groupId: number, address: ShipToAddress, skipValidation = false) {
  return apiRequest<GroupAddressChange>(`${groupPath(groupId)}/to_address`, {
    method: 'POST',
    clientId,
    body: address,
    query: { skip_validation: skipValidation },
  });
}
