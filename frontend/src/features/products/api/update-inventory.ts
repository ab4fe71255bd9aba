import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { InventoryRow } from '../../../lib/models';
import { getItemKey } from './get-item';

export interface Reservation {
  location: string;
  reserved: number;
}

/** Sets how much of an item is reserved at each location. */
export function updateInventory(clientId: string, upc: string, locations: Reservation[]) {
  return apiRequest<{ locations: InventoryRow[] }>(`${API_BASE_PATH}/inventory/${encodeURIComponent(upc)}`, {
    method: 'PUT',
    clientId,
    body: { locations },
  });
}

/** Saves the reservations and reloads the item, whose stock figures they change. */
export function useUpdateInventory(clientId: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (upc: string, locations: Reservation[]) => {
      const answer = await updateInventory(clientId, upc, locations);
      await mutate(getItemKey(clientId, upc));
      return answer;
    },
    [clientId, mutate],
  );
}
