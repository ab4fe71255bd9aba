import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import type { EdiDetails } from '../types';
import { shipmentPath } from './shipment-path';

export function shipmentDetailsPath(shipmentId: number) {
  return `${shipmentPath(shipmentId)}/details`;
}

export function getShipmentDetails(clientId: string, shipmentId: number) {
  return apiRequest<EdiDetails>(shipmentDetailsPath(shipmentId), { clientId });
}

export function shipmentDetailsKey(clientId: string, shipmentId: number) {
  return ['shipment-details', clientId, shipmentId] as const;
}

/** The shipment's retail EDI details; nothing is fetched while it has none. */
export function useShipmentDetails(clientId: string, shipmentId: number, hasDetails: boolean) {
  return useSWR(hasDetails ? shipmentDetailsKey(clientId, shipmentId) : null, () => getShipmentDetails(clientId, shipmentId));
}
