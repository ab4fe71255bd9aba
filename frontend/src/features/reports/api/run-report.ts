import { apiRequest } from '../../../lib/api-client';
import type { ReportRunResult } from '../../../lib/models';
import { reportApiPath } from './get-report';

export interface ReportRunInput {
  parameters: Record<string, string>;
  /** wms reports: a warehouse id, blank for all warehouses. */
  context?: string;
}

/** Runs a report: up to 500 records, or none and `truncated` when the result is only offered as CSV. */
export function runReport(clientId: string, reportId: string, { parameters, context }: ReportRunInput): Promise<ReportRunResult> {
  return apiRequest<ReportRunResult>(`${reportApiPath(reportId)}/run`, {
    method: 'PUT',
    clientId,
    body: context ? { parameters, context } : { parameters },
  });
}
