import { apiRequest } from '../../../lib/api-client';
import { customLabelPath } from './document-path';

/** A custom ship label as uploaded: the file's content in base64, its name and format (png or zpl). */
export interface LabelUpload {
  content: string;
  name: string;
  format: string;
}

export function uploadCustomLabel(clientId: string, shipmentId: number, upload: LabelUpload) {
  return apiRequest<unknown>(customLabelPath(shipmentId), { method: 'POST', clientId, body: upload });
}
