import useSWR from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { BulkColumn } from '../../../lib/models';
import type { CsvRowValues } from '../csv/read-csv-file';
import { checkUpload, startUpload, type UploadOptions } from './upload-request';

const PATH = `${API_BASE_PATH}/fulfillment_requests/bulk`;

/** POST /fulfillment_requests/bulk?validateOnly=true: the requests the file would create. */
export function checkFulfillmentRequestsUpload(clientId: string, rows: CsvRowValues[]) {
  return checkUpload(PATH, rows, clientId);
}

/** POST /fulfillment_requests/bulk: creates and places the file's requests, as a job. */
export function uploadFulfillmentRequests(rows: CsvRowValues[], options: UploadOptions) {
  return startUpload(PATH, rows, options);
}

/** The columns of the file, as the API documents them. */
export function useBulkColumns() {
  return useSWR(['bulk-request-columns'], () =>
    apiRequest<{ columns: BulkColumn[] }>(`${PATH}/columns`).then((answer) => answer.columns),
  );
}
