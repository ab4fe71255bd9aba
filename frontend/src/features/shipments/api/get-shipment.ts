import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import type { Shipment } from '../types';
import { shipmentPath } from './shipment-path';

export function getShipment(clientId: string, shipmentId: string) {
  return apiRequest<Shipment>(shipmentPath(shipmentId), { clientId });
}

export function shipmentKey(clientId: string, shipmentId: string | number) {
  return ['shipment', clientId, String(shipmentId)] as const;
}

/** A shipment with its sets, documents, checklist and the actions the user may take now. */
export function useShipment(clientId: string, shipmentId: string) {
  return useSWR(shipmentKey(clientId, shipmentId), () => getShipment(clientId, shipmentId));
}
