import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import type { EdiDetails } from '../../../lib/models';
import { shipmentPath } from './shipment-path';

export function shipmentDetailsPath(shipmentId: number) {
  return `${shipmentPath(shipmentId)}/details`;
}

/** The shipment's retail EDI details (its request's until changed for it); null when it has none (the API's 404). */
export function getShipmentDetails(clientId: string, shipmentId: number) {
  return apiRequest<EdiDetails>(shipmentDetailsPath(shipmentId), { clientId }).catch((failure: unknown) => {
    if (failure instanceof ApiError && failure.status === 404) return null;
    throw failure;
  });
}

export function shipmentDetailsKey(clientId: string, shipmentId: number) {
  return ['shipment-details', clientId, shipmentId] as const;
}

export function useShipmentDetails(clientId: string, shipmentId: number) {
  return useSWR(shipmentDetailsKey(clientId, shipmentId), () => getShipmentDetails(clientId, shipmentId));
}
