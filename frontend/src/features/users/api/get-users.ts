import useSWR from 'swr';
import { API_BASE_PATH, LIST_PAGE_LIMIT } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { User } from '../../../lib/models';
import { fetchAllPages } from '../../../lib/pagination';

interface UsersPage {
  users: User[];
  cursor: string | null;
}

/** Every user of the client. */
export function getUsers(clientId: string): Promise<User[]> {
  return fetchAllPages(async (cursor) => {
    const page = await apiRequest<UsersPage>(`${API_BASE_PATH}/users`, {
      clientId,
      query: { limit: LIST_PAGE_LIMIT, cursor },
    });
    return { items: page.users, cursor: page.cursor };
  });
}

export function getUsersKey(clientId: string) {
  return ['users', clientId] as const;
}

export function useUsers(clientId: string) {
  return useSWR(getUsersKey(clientId), () => getUsers(clientId));
}
