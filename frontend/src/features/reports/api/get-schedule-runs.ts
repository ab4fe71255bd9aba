import useSWRInfinite from 'swr/infinite';
import { apiRequest } from '../../../lib/api-client';
import type { ScheduleRun } from '../../../lib/models';
import { scheduleApiPath } from './get-report-schedule';

const RUNS_PAGE_LIMIT = 50;

interface ScheduleRunsPage {
  runs: ScheduleRun[];
  cursor: string | null;
}

/** A page of what became of each occurrence of a schedule, newest first. */
export function getScheduleRuns(
  clientId: string,
  reportId: string,
  scheduleId: number,
  cursor: string | null,
): Promise<ScheduleRunsPage> {
  return apiRequest<ScheduleRunsPage>(`${scheduleApiPath(reportId, scheduleId)}/runs`, {
    clientId,
    query: { limit: RUNS_PAGE_LIMIT, cursor },
  });
}

export function getScheduleRunsKey(clientId: string, reportId: string, scheduleId: number) {
  return (pageIndex: number, previousPage: ScheduleRunsPage | null) =>
    pageIndex > 0 && !previousPage?.cursor
      ? null
      : (['schedule-runs', clientId, reportId, scheduleId, previousPage?.cursor ?? null] as const);
}

/** The newest page of runs first; setSize loads older ones. */
export function useScheduleRuns(clientId: string, reportId: string, scheduleId: number) {
  return useSWRInfinite(getScheduleRunsKey(clientId, reportId, scheduleId), ([, , , , cursor]) =>
    getScheduleRuns(clientId, reportId, scheduleId, cursor),
  );
}
