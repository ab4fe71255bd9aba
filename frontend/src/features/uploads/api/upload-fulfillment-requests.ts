import useSWR from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest, type TextBody } from '../../../lib/api-client';
import type { BulkColumn } from '../../../lib/models';
import { checkUpload, startUpload, type UploadOptions } from './upload-request';

const PATH = `${API_BASE_PATH}/fulfillment_requests/bulk`;

/** POST /fulfillment_requests/bulk?validateOnly=true with the CSV file: the requests it would create. */
export function checkFulfillmentRequestsUpload(clientId: string, file: TextBody) {
  return checkUpload(PATH, file, clientId);
}

/** POST /fulfillment_requests/bulk with the CSV file: creates and places its requests, as a job. */
export function uploadFulfillmentRequests(file: TextBody, options: UploadOptions) {
  return startUpload(PATH, file, options);
}

/** The columns of the file, as the API documents them. */
export function useBulkColumns() {
  return useSWR(['bulk-request-columns'], () =>
    apiRequest<{ columns: BulkColumn[] }>(`${PATH}/columns`).then((answer) => answer.columns),
  );
}
