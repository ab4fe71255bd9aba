import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { reportApiPath } from './get-report';
import { isReportCategoriesKey } from './get-report-categories';
import { isReportsKey } from './get-reports';

export function deleteReport(clientId: string, reportId: string): Promise<void> {
  return apiRequest<void>(reportApiPath(reportId), { method: 'DELETE', clientId });
}

/** Deletes a report (admins) and refreshes the category lists. */
export function useDeleteReport(clientId: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (reportId: string) => {
      await deleteReport(clientId, reportId);
      void mutate((key) => isReportsKey(key) || isReportCategoriesKey(key));
    },
    [clientId, mutate],
  );
}
