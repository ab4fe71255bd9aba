import { apiRequest } from '../../../lib/api-client';

export interface PulledShopOrder {
  shop_order_id: string;
  order_name: string | null;
  result: 'imported' | 'already_imported';
  fulfillment_request_id: number | null;
}

/** The spec's own call (v2): imports one shop order by its id now. */
export const PULL_SHOP_ORDER_PATH = '/api/v2/orders/get_from_shopify';

export function pullShopOrder(clientId: string, orderId: string): Promise<PulledShopOrder> {
  return apiRequest<PulledShopOrder>(PULL_SHOP_ORDER_PATH, { method: 'POST', clientId, body: { order_id: orderId } });
}
