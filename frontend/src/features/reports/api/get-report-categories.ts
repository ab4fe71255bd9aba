import useSWR from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';

/** The categories of the reports the user may run, of one report type or of all. */
export async function getReportCategories(clientId: string, reportType?: string): Promise<string[]> {
  const answer = await apiRequest<{ categories: string[] }>(`${API_BASE_PATH}/reports/categories`, {
    clientId,
    query: { report_type: reportType },
  });
  return answer.categories;
}

export function getReportCategoriesKey(clientId: string, reportType?: string) {
  return ['report-categories', clientId, reportType ?? ''] as const;
}

export function useReportCategories(clientId: string, reportType?: string) {
  return useSWR(getReportCategoriesKey(clientId, reportType), () => getReportCategories(clientId, reportType));
}

export function isReportCategoriesKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === 'report-categories';
}
