import useSWR from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { User } from '../../../lib/models';

export function userPath(username: string): string {
  return `${API_BASE_PATH}/users/${encodeURIComponent(username)}`;
}

export function getUser(clientId: string, username: string): Promise<User> {
  return apiRequest<User>(userPath(username), { clientId });
}

export function getUserKey(clientId: string, username: string) {
  return ['user', clientId, username] as const;
}

export function useUser(clientId: string, username: string) {
  return useSWR(getUserKey(clientId, username), () => getUser(clientId, username));
}
