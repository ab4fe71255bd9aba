import { apiRequest } from '../../../lib/api-client';
import type { EdiDetails, EdiDetailsWrite } from '../../../lib/models';
import { shipmentDetailsPath } from './get-shipment-details';

/** Stores the retail EDI details (retailer, cancel date and PO number required). */
export function updateShipmentDetails(clientId: string, shipmentId: number, details: EdiDetailsWrite) {
  return apiRequest<EdiDetails>(shipmentDetailsPath(shipmentId), { method: 'PUT', clientId, body: details });
}
