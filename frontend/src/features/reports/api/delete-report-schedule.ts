import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { scheduleApiPath } from './get-report-schedule';
import { getReportSchedulesKey } from './get-report-schedules';

export function deleteReportSchedule(clientId: string, reportId: string, scheduleId: number): Promise<void> {
  return apiRequest<void>(scheduleApiPath(reportId, scheduleId), { method: 'DELETE', clientId });
}

/** Deletes a schedule and refreshes the report's schedule list. */
export function useDeleteReportSchedule(clientId: string, reportId: string) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (scheduleId: number) => {
      await deleteReportSchedule(clientId, reportId, scheduleId);
      void mutate(getReportSchedulesKey(clientId, reportId));
    },
    [clientId, reportId, mutate],
  );
}
