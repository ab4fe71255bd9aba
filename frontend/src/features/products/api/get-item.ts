import useSWR from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { ItemType } from '../../../lib/models';

export function itemPath(upc: string): string {
  return `${API_BASE_PATH}/items/${encodeURIComponent(upc)}`;
}

/** One item with its stock, children, parents, open ASNs and open shipments. */
export function getItem(clientId: string, upc: string): Promise<ItemType> {
  return apiRequest<ItemType>(itemPath(upc), { clientId, query: { openShipments: true, openAsns: true } });
}

export function getItemKey(clientId: string, upc: string) {
  return ['item', clientId, upc] as const;
}

export function useItem(clientId: string, upc: string) {
  return useSWR(getItemKey(clientId, upc), () => getItem(clientId, upc));
}
