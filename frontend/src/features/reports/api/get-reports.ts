import useSWR from 'swr';
import { API_BASE_PATH, LIST_PAGE_LIMIT } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import { fetchAllPages } from '../../../lib/pagination';
import type { ReportSummary } from '../../../lib/models';

interface ReportsPage {
  reports: ReportSummary[];
  cursor: string | null;
}

/** Every report of a category (and report type, when given) that the user may run. */
export function getReports(clientId: string, category: string, reportType?: string): Promise<ReportSummary[]> {
  return fetchAllPages(async (cursor) => {
    const page = await apiRequest<ReportsPage>(`${API_BASE_PATH}/reports`, {
      clientId,
      query: { category, report_type: reportType, limit: LIST_PAGE_LIMIT, cursor },
    });
    return { items: page.reports, cursor: page.cursor };
  });
}

export function getReportsKey(clientId: string, category: string, reportType?: string) {
  return ['reports', clientId, category, reportType ?? ''] as const;
}

export function useReports(clientId: string, category: string, reportType?: string) {
  return useSWR(getReportsKey(clientId, category, reportType), () => getReports(clientId, category, reportType));
}

export function isReportsKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === 'reports';
}
