import useSWR from 'swr';
import { useAlerts } from '../../../components/Alerts';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import type { ReportRunResult } from '../../../lib/models';

/** The built-in report 'Display ASNs' (spec part 3, section 7), run for the acting client. */
export const DISPLAY_ASNS_REPORT_PATH = `${API_BASE_PATH}/reports/R_FMS_5458`;

export const ASN_REPORT_FAILED_MESSAGE = 'An unexpected error occurred while fetching the report.';

export function runDisplayAsns(clientId: string): Promise<ReportRunResult> {
  return apiRequest<ReportRunResult>(`${DISPLAY_ASNS_REPORT_PATH}/run`, {
    method: 'PUT',
    clientId,
    body: { parameters: {} },
  });
}

export function getDisplayAsnsKey(clientId: string) {
  return ['display-asns', clientId] as const;
}

/** Spec part 3, section 8: the error's description, or a fixed message when it has none. */
export function asnReportErrorMessage(failure: unknown): string {
  return (failure instanceof ApiError && failure.body?.description) || ASN_REPORT_FAILED_MESSAGE;
}

/** The client's ASNs; a failure is shown with the ASN view's own message. */
export function useDisplayAsns(clientId: string) {
  const { show } = useAlerts();
  return useSWR(getDisplayAsnsKey(clientId), () => runDisplayAsns(clientId), {
    onError: (failure) => show('danger', asnReportErrorMessage(failure)),
  });
}
