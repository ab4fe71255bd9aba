import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import type { ReportSchedule, ReportScheduleWrite } from '../../../lib/models';
import { getReportScheduleKey, scheduleApiPath } from './get-report-schedule';
import { getReportSchedulesKey } from './get-report-schedules';

export function updateReportSchedule(
  clientId: string,
  reportId: string,
  scheduleId: number,
  fields: ReportScheduleWrite,
): Promise<ReportSchedule> {
  return apiRequest<ReportSchedule>(scheduleApiPath(reportId, scheduleId), { method: 'PUT', clientId, body: fields });
}

/** Saves a schedule and refreshes it and the report's schedule list. */
export function useUpdateReportSchedule(clientId: string, reportId: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (scheduleId: number, fields: ReportScheduleWrite) => {
      const updated = await updateReportSchedule(clientId, reportId, scheduleId, fields);
      void mutate(getReportScheduleKey(clientId, reportId, scheduleId), updated, { revalidate: false });
      void mutate(getReportSchedulesKey(clientId, reportId));
      return updated;
    },
    [clientId, reportId, mutate],
  );
}
