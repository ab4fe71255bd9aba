import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import type { ReportSchedule } from '../../../lib/models';
import { reportApiPath } from './get-report';

export function schedulesApiPath(reportId: string): string {
  return `${reportApiPath(reportId)}/schedules`;
}

/** The e-mail schedules of a report (admins). */
export async function getReportSchedules(clientId: string, reportId: string): Promise<ReportSchedule[]> {
  const answer = await apiRequest<{ report_schedules: ReportSchedule[] }>(schedulesApiPath(reportId), { clientId });
  return answer.report_schedules;
}

export function getReportSchedulesKey(clientId: string, reportId: string) {
  return ['report-schedules', clientId, reportId] as const;
}

export function useReportSchedules(clientId: string, reportId: string) {
  return useSWR(getReportSchedulesKey(clientId, reportId), () => getReportSchedules(clientId, reportId));
}
