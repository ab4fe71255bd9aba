import { API_BASE_PATH } from '../../../config/constants';
import type { CsvRowValues } from '../csv/read-csv-file';
import { checkUpload, startUpload, type UploadOptions } from './upload-request';

const PATH = `${API_BASE_PATH}/items/bulk`;
const QUERY = { runAsync: true };

/** POST /items/bulk?validateOnly=true: what the items file would create and update. */
export function checkItemsUpload(clientId: string, rows: CsvRowValues[]) {
  return checkUpload(PATH, rows, clientId, QUERY);
}

/** POST /items/bulk: creates items (blank id and upc) and updates the others, as a job. */
export function uploadItems(rows: CsvRowValues[], options: UploadOptions) {
  return startUpload(PATH, rows, options, QUERY);
}
