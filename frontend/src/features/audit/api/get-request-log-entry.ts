import useSWR from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { RequestLogEntry } from '../../../lib/models';

export function getRequestLogEntry(clientId: string, requestId: string): Promise<RequestLogEntry> {
  return apiRequest<RequestLogEntry>(`${API_BASE_PATH}/logs/request/${encodeURIComponent(requestId)}`, { clientId });
}

export function getRequestLogEntryKey(clientId: string, requestId: string) {
  return ['request-log-entry', clientId, requestId] as const;
}

export function useRequestLogEntry(clientId: string, requestId: string) {
  return useSWR(getRequestLogEntryKey(clientId, requestId), () => getRequestLogEntry(clientId, requestId));
}
