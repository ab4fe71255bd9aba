import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import type { ShipmentHistory } from '../../../lib/models';
import { shipmentPath } from './shipment-path';

/** More moves than a shipment makes in its life: one page is all of them. */
const HISTORY_LIMIT = 100;

export function getShipmentHistory(clientId: string, shipmentId: number) {
  return apiRequest<ShipmentHistory>(`${shipmentPath(shipmentId)}/history`, {
    clientId,
    query: { limit: HISTORY_LIMIT },
  });
}

export function shipmentHistoryKey(clientId: string, shipmentId: number) {
  return ['shipment-history', clientId, shipmentId] as const;
}

/** The shipment's status changes, newest first. */
export function useShipmentHistory(clientId: string, shipmentId: number) {
  return useSWR(shipmentHistoryKey(clientId, shipmentId), () => getShipmentHistory(clientId, shipmentId));
}
