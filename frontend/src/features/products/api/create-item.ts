import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { ItemType } from '../../../lib/models';
import type { ProductFields } from '../product-form-values';
import { useItemSaver } from './item-cache';

/** Creates a simple item. */
export function createItem(clientId: string, fields: ProductFields): Promise<ItemType> {
  return apiRequest<ItemType>(`${API_BASE_PATH}/items`, { method: 'POST', clientId, body: fields });
}

export function useCreateItem(clientId: string) {
  return useItemSaver(clientId, createItem);
}
