import { apiRequestFile } from '../../../lib/api-client';
import { bolPath } from './upload-bol';

/** The group's bill of lading (a PDF), with its name. */
export function downloadBol(clientId: string, groupId: number) {
  return apiRequestFile(bolPath(groupId), { clientId, accept: 'application/pdf' });
}
