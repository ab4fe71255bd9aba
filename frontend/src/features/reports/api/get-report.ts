import useSWR from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { Report } from '../../../lib/models';

export function reportApiPath(reportId: string): string {
  return `${API_BASE_PATH}/reports/${encodeURIComponent(reportId)}`;
}

/** A report; its SQL and author only come back for admins. */
export function getReport(clientId: string, reportId: string): Promise<Report> {
  return apiRequest<Report>(reportApiPath(reportId), { clientId });
}

export function getReportKey(clientId: string, reportId: string) {
  return ['report', clientId, reportId] as const;
}

export function useReport(clientId: string, reportId: string) {
  return useSWR(getReportKey(clientId, reportId), () => getReport(clientId, reportId));
}
