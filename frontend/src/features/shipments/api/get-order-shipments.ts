import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import type { ShipmentList } from '../../../lib/models';
import { SHIPMENTS_PATH } from './shipment-path';

/** Spec part 3, §9: the order page shows up to 9999 shipments, one page. */
export const ORDER_PAGE_SIZE = 9999;

export function getOrderShipments(clientId: string, orderId: string) {
  return apiRequest<ShipmentList>(SHIPMENTS_PATH, { clientId, query: { orderId, limit: ORDER_PAGE_SIZE } });
}

export function orderShipmentsKey(clientId: string, orderId: string) {
  return ['order-shipments', clientId, orderId] as const;
}

/** The shipments of every request of an order (the client's order id). */
export function useOrderShipments(clientId: string, orderId: string) {
  return useSWR(orderShipmentsKey(clientId, orderId), () => getOrderShipments(clientId, orderId));
}
