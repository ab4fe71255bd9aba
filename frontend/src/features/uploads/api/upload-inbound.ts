import type { CsvRowValues } from '../csv/read-csv-file';
import { checkUpload, startUpload, type UploadOptions } from './upload-request';

/** The inbound upload is a version 2 call (spec part 1, section 9). */
const PATH = '/api/v2/inbound/client_upload';

/** POST /api/v2/inbound/client_upload?validateOnly=true: what the ASN lines would create. */
export function checkInboundUpload(clientId: string, lines: CsvRowValues[]) {
  return checkUpload(PATH, { lines }, clientId);
}

/** POST /api/v2/inbound/client_upload: creates the ASNs of the file, as a job. */
export function uploadInbound(lines: CsvRowValues[], options: UploadOptions) {
  return startUpload(PATH, { lines }, options);
}
