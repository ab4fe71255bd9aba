import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { User, UserCreate } from '../../../lib/models';
import { getUsersKey } from './get-users';

export function createUser(clientId: string, user: UserCreate): Promise<User> {
  return apiRequest<User>(`${API_BASE_PATH}/users`, { method: 'POST', clientId, body: user });
}

/** Creates a user and refreshes the client's user list. */
export function useCreateUser(clientId: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (user: UserCreate) => {
      const created = await createUser(clientId, user);
      void mutate(getUsersKey(clientId));
      return created;
    },
    [clientId, mutate],
  );
}
