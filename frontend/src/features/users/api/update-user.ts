import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import type { User, UserUpdate } from '../../../lib/models';
import { getUserKey, userPath } from './get-user';
import { getUsersKey } from './get-users';

export function updateUser(clientId: string, username: string, changes: UserUpdate): Promise<User> {
  return apiRequest<User>(userPath(username), { method: 'PUT', clientId, body: changes });
}

/** Saves a user and refreshes both the user and the client's user list. */
export function useUpdateUser(clientId: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (username: string, changes: UserUpdate) => {
      const updated = await updateUser(clientId, username, changes);
      void mutate(getUserKey(clientId, username), updated, { revalidate: false });
      void mutate(getUsersKey(clientId));
      return updated;
    },
    [clientId, mutate],
  );
}
