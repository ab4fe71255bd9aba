import { apiRequest } from '../../../lib/api-client';
import type { AddressChange, ShipToAddress } from '../../../lib/models';
import { requestPath } from './request-path';

/** Fix a request's ship-to address; an invalid one is stored only with `skipValidation`. */
export function changeAddress(clientId: string, requestId: number, address: ShipToAddress, skipValidation = false) {
  return apiRequest<AddressChange>(`${requestPath(requestId)}/to_address`, {
    method: 'PUT',
    clientId,
    body: address,
    query: { skip_validation: skipValidation || undefined },
  });
}
