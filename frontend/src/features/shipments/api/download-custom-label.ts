import { apiRequestFile } from '../../../lib/api-client';
import { customLabelPath } from './document-path';

/** The custom label's file, with the name it was uploaded under. */
export function downloadCustomLabel(clientId: string, shipmentId: number) {
  return apiRequestFile(customLabelPath(shipmentId), { clientId, accept: 'image/png, text/plain' });
}
