import useSWR from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { Client } from '../../../lib/models';

export function getClient(clientId: string): Promise<Client> {
  return apiRequest<Client>(`${API_BASE_PATH}/clients/${encodeURIComponent(clientId)}`, { clientId });
}

export function getClientKey(clientId: string) {
  return ['client', clientId] as const;
}

export function useClient(clientId: string) {
  return useSWR(getClientKey(clientId), () => getClient(clientId));
}
