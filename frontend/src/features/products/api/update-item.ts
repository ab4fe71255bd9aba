import { apiRequest } from '../../../lib/api-client';
import type { ItemType } from '../../../lib/models';
import type { ProductFields } from '../product-form-values';
import { itemPath } from './get-item';
import { useItemSaver } from './item-cache';

/** Saves a simple item, or the name and category of a bundle or kit (case packs are saved with updateCasePack). */
export function updateItem(clientId: string, upc: string, fields: ProductFields): Promise<ItemType> {
  return apiRequest<ItemType>(itemPath(upc), { method: 'PUT', clientId, body: fields });
}

export function useUpdateItem(clientId: string) {
  return useItemSaver(clientId, updateItem);
}
