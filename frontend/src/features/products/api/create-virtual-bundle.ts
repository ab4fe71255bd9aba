import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { ItemType } from '../../../lib/models';
import type { ChildQuantity, ProductFields } from '../product-form-values';
import { useItemSaver } from './item-cache';

export function createVirtualBundle(clientId: string, fields: ProductFields, children: ChildQuantity[]): Promise<ItemType> {
  return apiRequest<ItemType>(`${API_BASE_PATH}/virtual_bundles`, {
    method: 'POST',
    clientId,
    body: { ...fields, children },
  });
}

export function useCreateVirtualBundle(clientId: string) {
  return useItemSaver(clientId, createVirtualBundle);
}
