import { apiRequest } from '../../../lib/api-client';
import type { ShipmentDocument } from '../types';
import { documentsPath } from './document-path';

/** A shipping document as uploaded: the file's content in base64, its name, format (png or pdf) and how many copies to print. */
export interface DocumentUpload {
  content: string;
  name: string;
  format: string;
  copies: number;
}

export function uploadDocument(clientId: string, shipmentId: number, upload: DocumentUpload) {
  return apiRequest<ShipmentDocument>(documentsPath(shipmentId), { method: 'POST', clientId, body: upload });
}
