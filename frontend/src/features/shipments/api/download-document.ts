import { apiRequestFile } from '../../../lib/api-client';
import { documentsPath } from './document-path';

/** The document's file, with the name the API gives it. */
export function downloadDocument(clientId: string, shipmentId: number, documentId: number) {
  return apiRequestFile(`${documentsPath(shipmentId)}/${documentId}`, { clientId, accept: 'image/png, application/pdf, text/plain' });
}
