import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import type { ReportSchedule, ReportScheduleWrite } from '../../../lib/models';
import { getReportSchedulesKey, schedulesApiPath } from './get-report-schedules';

export function createReportSchedule(clientId: string, reportId: string, fields: ReportScheduleWrite): Promise<ReportSchedule> {
  return apiRequest<ReportSchedule>(schedulesApiPath(reportId), { method: 'POST', clientId, body: fields });
}

/** Creates a schedule of a report and refreshes the report's schedule list. */
export function useCreateReportSchedule(clientId: string, reportId: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (fields: ReportScheduleWrite) => {
      const created = await createReportSchedule(clientId, reportId, fields);
      void mutate(getReportSchedulesKey(clientId, reportId));
      return created;
    },
    [clientId, reportId, mutate],
  );
}
