import { apiRequestText } from '../../../lib/api-client';
import { DISPLAY_ASNS_REPORT_PATH } from './run-display-asns';

/** Every ASN of the client as CSV, for when there are too many to show. */
export function downloadAsnsCsv(clientId: string): Promise<string> {
  return apiRequestText(`${DISPLAY_ASNS_REPORT_PATH}/csv`, { clientId, accept: 'text/csv' });
}
