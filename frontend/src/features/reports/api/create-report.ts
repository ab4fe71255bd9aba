import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { Report, ReportWrite } from '../../../lib/models';
import { isReportCategoriesKey } from './get-report-categories';
import { isReportsKey } from './get-reports';

export function createReport(clientId: string, fields: ReportWrite): Promise<Report> {
  return apiRequest<Report>(`${API_BASE_PATH}/reports`, { method: 'POST', clientId, body: fields });
}

/** Creates a report (admins) and refreshes the category lists it may appear in. */
export function useCreateReport(clientId: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (fields: ReportWrite) => {
      const created = await createReport(clientId, fields);
      void mutate((key) => isReportsKey(key) || isReportCategoriesKey(key));
      return created;
    },
    [clientId, mutate],
  );
}
