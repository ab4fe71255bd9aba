import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import type { Report, ReportWrite } from '../../../lib/models';
import { getReportKey, reportApiPath } from './get-report';
import { isReportCategoriesKey } from './get-report-categories';
import { isReportsKey } from './get-reports';

export function updateReport(clientId: string, reportId: string, fields: ReportWrite): Promise<Report> {
  return apiRequest<Report>(reportApiPath(reportId), { method: 'PUT', clientId, body: fields });
}

/** Saves a report (admins) and refreshes it and the category lists. */
export function useUpdateReport(clientId: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (reportId: string, fields: ReportWrite) => {
      const updated = await updateReport(clientId, reportId, fields);
      void mutate(getReportKey(clientId, reportId), updated, { revalidate: false });
      void mutate((key) => isReportsKey(key) || isReportCategoriesKey(key));
      return updated;
    },
    [clientId, mutate],
  );
}
