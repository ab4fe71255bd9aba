import { API_BASE_PATH } from '../../../config/constants';
import type { RmaUpload } from '../csv/group-rma-rows';
import { checkUpload, startUpload, type UploadOptions } from './upload-request';

const PATH = `${API_BASE_PATH}/rmas/bulk`;

/** POST /rmas/bulk?validateOnly=true: what the grouped RMAs would create. */
export function checkRmasUpload(clientId: string, rmas: RmaUpload[]) {
  return checkUpload(PATH, { rmas }, clientId);
}

/** POST /rmas/bulk: creates the RMAs with their expected shipments and items, as a job. */
export function uploadRmas(rmas: RmaUpload[], options: UploadOptions) {
  return startUpload(PATH, { rmas }, options);
}
