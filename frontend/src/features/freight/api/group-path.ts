import { API_BASE_PATH } from '../../../config/constants';

export const GROUPS_PATH = `${API_BASE_PATH}/shipment_groups`;

export function groupPath(groupId: number | string) {
  return `${GROUPS_PATH}/${encodeURIComponent(groupId)}`;
}
