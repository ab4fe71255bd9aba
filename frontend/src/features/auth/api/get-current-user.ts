import useSWR from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { CurrentUser } from '../../../lib/models';

export function getCurrentUser(): Promise<CurrentUser> {
  return apiRequest<CurrentUser>(`${API_BASE_PATH}/me`);
}

export const currentUserKey = 'me';

export function useCurrentUser() {
  return useSWR(currentUserKey, getCurrentUser);
}
