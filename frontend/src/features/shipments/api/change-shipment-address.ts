import { apiRequest } from '../../../lib/api-client';
import type { ShipmentAddressChange, ShipToAddress } from '../../../lib/models';
import { shipmentPath } from './shipment-path';

/** Changes the ship-to address (its request's, which all its shipments share); an invalid one is stored only with `skipValidation`. */
export function changeShipmentAddress(clientId: string, shipmentId: number, address: ShipToAddress, skipValidation = false) {
  return apiRequest<ShipmentAddressChange>(`${shipmentPath(shipmentId)}/to_address`, {
    method: 'PUT',
    clientId,
    body: address,
    query: { skip_validation: skipValidation || undefined },
  });
}
