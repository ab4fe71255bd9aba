import { API_BASE_PATH } from '../../../config/constants';

export const SHIPMENTS_PATH = `${API_BASE_PATH}/shipments`;

export function shipmentPath(shipmentId: number | string) {
  return `${SHIPMENTS_PATH}/${encodeURIComponent(shipmentId)}`;
}
