import { apiRequest } from '../../../lib/api-client';
import type { ShipmentGroup } from '../types';
import { groupPath } from './group-path';

/** A bill of lading as uploaded: the PDF's content in base64, its name, format pdf and the carrier's reference. */
export interface BolUpload {
  content: string;
  name: string;
  format: 'pdf';
  external_id: string | null;
}

export function bolPath(groupId: number) {
  return `${groupPath(groupId)}/bol`;
}

/** Stores the group's bill of lading, replacing the one it had (a generated one too). */
export function uploadBol(clientId: string, groupId: number, upload: BolUpload) {
  return apiRequest<ShipmentGroup>(bolPath(groupId), { method: 'POST', clientId, body: upload });
}
