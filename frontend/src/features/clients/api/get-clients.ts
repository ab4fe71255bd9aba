import useSWR from 'swr';
import { API_BASE_PATH, LIST_PAGE_LIMIT } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { ClientSummary } from '../../../lib/models';
import { fetchAllPages } from '../../../lib/pagination';

interface ClientsPage {
  clients: ClientSummary[];
  cursor: string | null;
}

/** Every client the user may act for (admins: all of them). */
export function getClients(): Promise<ClientSummary[]> {
  return fetchAllPages(async (cursor) => {
    const page = await apiRequest<ClientsPage>(`${API_BASE_PATH}/clients`, {
      query: { limit: LIST_PAGE_LIMIT, cursor },
    });
    return { items: page.clients, cursor: page.cursor };
  });
}

export const clientsKey = 'clients';

export function useClients() {
  return useSWR(clientsKey, getClients);
}
