import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { ShopInstallResult } from '../../../lib/models';

/**
 * Hands the query the shop platform sent to /shopify/auth_callback on to the API, unchanged: its
 * hmac signs every parameter. Not an SWR hook: the call links the shop and its code works once.
 */
export function completeShopInstall(clientId: string, platformQuery: string): Promise<ShopInstallResult> {
  const query = platformQuery.startsWith('?') ? platformQuery : `?${platformQuery}`;
  return apiRequest<ShopInstallResult>(`${API_BASE_PATH}/shopify/auth_callback${query}`, { clientId });
}
