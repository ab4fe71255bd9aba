import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { Job } from '../../../lib/models';

/** Starts the job that imports the chosen orders, or every open, unfulfilled one. */
export function importShopOrders(clientId: string, choice: { shopOrderIds: string[] } | 'all'): Promise<Job> {
  return apiRequest<Job>(`${API_BASE_PATH}/shopify/orders/import`, {
    method: 'POST',
    clientId,
    body: choice === 'all' ? { all: true } : { shop_order_ids: choice.shopOrderIds },
  });
}
