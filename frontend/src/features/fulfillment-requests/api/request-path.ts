import { API_BASE_PATH } from '../../../config/constants';

export const REQUESTS_PATH = `${API_BASE_PATH}/fulfillment_requests`;

export function requestPath(requestId: number | string) {
  return `${REQUESTS_PATH}/${encodeURIComponent(requestId)}`;
}
