import { API_BASE_PATH } from '../../../config/constants';
import type { CsvRowValues } from '../csv/read-csv-file';
import { checkUpload, startUpload, type UploadOptions } from './upload-request';

const PATH = `${API_BASE_PATH}/case_packs/bulk`;

/** POST /case_packs/bulk?validateOnly=true: what the case pack file would create and convert. */
export function checkCasePacksUpload(clientId: string, rows: CsvRowValues[]) {
  return checkUpload(PATH, rows, clientId);
}

/** POST /case_packs/bulk: creates case packs (blank id) and converts the named items, as a job. */
export function uploadCasePacks(rows: CsvRowValues[], options: UploadOptions) {
  return startUpload(PATH, rows, options);
}
