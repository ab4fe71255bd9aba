import useSWR from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { ShopConnection } from '../../../lib/models';

export function getShopConnection(clientId: string): Promise<ShopConnection> {
  return apiRequest<ShopConnection>(`${API_BASE_PATH}/shopify/connection`, { clientId });
}

export function getShopConnectionKey(clientId: string) {
  return ['shop-connection', clientId] as const;
}

export function useShopConnection(clientId: string) {
  return useSWR(getShopConnectionKey(clientId), () => getShopConnection(clientId));
}
