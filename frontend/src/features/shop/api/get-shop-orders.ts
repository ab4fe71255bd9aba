import useSWR from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';

/** An open, unfulfilled order of the client's shop, as the Pull Order From Shopify page lists it. */
export interface ShopOrder {
  shop_order_id: string;
  name: string | null;
  created_at: string | null;
  ship_to: string;
  lines: number;
  risk_recommendation: string | null;
  /** The fulfillment request it was imported as, once it was. */
  fulfillment_request_id: number | null;
}

export interface ShopOrderPage {
  orders: ShopOrder[];
  cursor: string | null;
}

export function getShopOrders(clientId: string, cursor: string | null): Promise<ShopOrderPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest<ShopOrderPage>(`${API_BASE_PATH}/shopify/orders${query}`, { clientId });
}

export function getShopOrdersKey(clientId: string, cursor: string | null) {
  return ['shop-orders', clientId, cursor] as const;
}

export function useShopOrders(clientId: string, cursor: string | null, enabled: boolean) {
  return useSWR(enabled ? getShopOrdersKey(clientId, cursor) : null, () => getShopOrders(clientId, cursor));
}
