import { apiRequest } from '../../../lib/api-client';
import type { ItemType } from '../../../lib/models';
import type { ChildQuantity, ProductFields } from '../product-form-values';
import { itemPath } from './get-item';
import { useItemSaver } from './item-cache';

/** Turns a simple item into a case pack of one child; its SKU and name stay as they are. */
export function convertToCasePack(
  clientId: string,
  upc: string,
  fields: ProductFields,
  children: ChildQuantity[],
): Promise<ItemType> {
  return apiRequest<ItemType>(`${itemPath(upc)}/convert_to_case_pack`, {
    method: 'PUT',
    clientId,
    body: { ...fields, children },
  });
}

export function useConvertToCasePack(clientId: string) {
  return useItemSaver(clientId, convertToCasePack);
}
