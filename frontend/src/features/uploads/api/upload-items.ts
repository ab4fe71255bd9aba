import type { TextBody } from '../../../lib/api-client';
import { API_BASE_PATH } from '../../../config/constants';
import { checkUpload, startUpload, type UploadOptions } from './upload-request';

const PATH = `${API_BASE_PATH}/items/bulk`;
const QUERY = { runAsync: true };

/** POST /items/bulk?validateOnly=true with the CSV file: what it would create and update. */
export function checkItemsUpload(clientId: string, file: TextBody) {
  return checkUpload(PATH, file, clientId, QUERY);
}

/** POST /items/bulk with the CSV file: creates items (blank id and upc) and updates the others, as a job. */
export function uploadItems(file: TextBody, options: UploadOptions) {
  return startUpload(PATH, file, options, QUERY);
}
