import { apiRequest } from '../../../lib/api-client';
import { documentsPath } from './document-path';

export function deleteDocument(clientId: string, shipmentId: number, documentId: number) {
  return apiRequest<unknown>(`${documentsPath(shipmentId)}/${documentId}`, { method: 'DELETE', clientId });
}
