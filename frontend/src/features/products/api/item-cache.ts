import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { ItemType } from '../../../lib/models';
import { getItemKey } from './get-item';

/** Wraps a call that answers an item so that the item's cached detail becomes that answer. */
export function useItemSaver<Args extends unknown[]>(
  clientId: string,
  save: (clientId: string, ...args: Args) => Promise<ItemType>,
) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (...args: Args) => {
      const item = await save(clientId, ...args);
      await mutate(getItemKey(clientId, item.upc), item, { revalidate: true });
      return item;
    },
    [clientId, mutate, save],
  );
}
