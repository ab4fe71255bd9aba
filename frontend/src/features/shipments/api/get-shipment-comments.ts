import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import type { ShipmentCommentList } from '../../../lib/models';
import { shipmentPath } from './shipment-path';

/** More notes than people leave on one parcel: one page is all of them. */
const COMMENTS_LIMIT = 100;

export function shipmentCommentsPath(shipmentId: number) {
  return `${shipmentPath(shipmentId)}/comments`;
}

export function getShipmentComments(clientId: string, shipmentId: number) {
  return apiRequest<ShipmentCommentList>(shipmentCommentsPath(shipmentId), {
    clientId,
    query: { limit: COMMENTS_LIMIT },
  });
}

export function shipmentCommentsKey(clientId: string, shipmentId: number) {
  return ['shipment-comments', clientId, shipmentId] as const;
}

/** The notes people left on the shipment, newest first. */
export function useShipmentComments(clientId: string, shipmentId: number) {
  return useSWR(shipmentCommentsKey(clientId, shipmentId), () => getShipmentComments(clientId, shipmentId));
}
