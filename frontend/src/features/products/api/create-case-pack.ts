import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { ItemType } from '../../../lib/models';
import type { ChildQuantity, ProductFields } from '../product-form-values';
import { useItemSaver } from './item-cache';

export function createCasePack(clientId: string, fields: ProductFields, children: ChildQuantity[]): Promise<ItemType> {
  return apiRequest<ItemType>(`${API_BASE_PATH}/case_packs`, { method: 'POST', clientId, body: { ...fields, children } });
}

export function useCreateCasePack(clientId: string) {
  return useItemSaver(clientId, createCasePack);
}
