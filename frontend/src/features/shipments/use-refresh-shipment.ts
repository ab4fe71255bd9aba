import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { shipmentKey } from './api/get-shipment';
import { shipmentHistoryKey } from './api/get-shipment-history';
import type { Shipment } from './types';

/** After a change: the shipment as the API now answers it (or as the change answered it) and its history read again. */
export function useRefreshShipment(clientId: string, shipmentId: number) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (changed?: Shipment) => {
      await Promise.all([
        changed ? mutate(shipmentKey(clientId, shipmentId), changed, { revalidate: false }) : mutate(shipmentKey(clientId, shipmentId)),
        mutate(shipmentHistoryKey(clientId, shipmentId)),
      ]);
    },
    [clientId, shipmentId, mutate],
  );
}
