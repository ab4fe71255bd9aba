import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import type { ReportSchedule } from '../../../lib/models';
import { schedulesApiPath } from './get-report-schedules';

export function scheduleApiPath(reportId: string, scheduleId: number): string {
  return `${schedulesApiPath(reportId)}/${scheduleId}`;
}

export function getReportSchedule(clientId: string, reportId: string, scheduleId: number): Promise<ReportSchedule> {
  return apiRequest<ReportSchedule>(scheduleApiPath(reportId, scheduleId), { clientId });
}

export function getReportScheduleKey(clientId: string, reportId: string, scheduleId: number) {
  return ['report-schedule', clientId, reportId, scheduleId] as const;
}

export function useReportSchedule(clientId: string, reportId: string, scheduleId: number) {
  return useSWR(getReportScheduleKey(clientId, reportId, scheduleId), () =>
    getReportSchedule(clientId, reportId, scheduleId),
  );
}
