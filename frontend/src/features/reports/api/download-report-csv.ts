import { apiRequestText } from '../../../lib/api-client';
import { reportApiPath } from './get-report';
import type { ReportRunInput } from './run-report';

/** The whole result of a report as CSV text (fetched with the user's token, so not a plain link). */
export function downloadReportCsv(clientId: string, reportId: string, { parameters, context }: ReportRunInput): Promise<string> {
  return apiRequestText(`${reportApiPath(reportId)}/csv`, {
    clientId,
    accept: 'text/csv',
    query: { ...parameters, context },
  });
}
