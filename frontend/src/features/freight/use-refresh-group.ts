import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { groupKey } from './api/get-group';
import { validatingGroupsKey } from './api/get-groups';
import type { ShipmentGroup } from './types';

/** After a change: the group as the change answered it (or as the API now answers it); the move picker's groups are read again when next opened. */
export function useRefreshGroup(clientId: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (groupId: number, changed?: ShipmentGroup) => {
      await Promise.all([
        changed ? mutate(groupKey(clientId, groupId), changed, { revalidate: false }) : mutate(groupKey(clientId, groupId)),
        mutate(validatingGroupsKey(clientId), undefined, { revalidate: false }),
      ]);
    },
    [clientId, mutate],
  );
}
