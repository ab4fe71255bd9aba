import { apiRequestBlob } from '../../../lib/api-client';
import type { ReturnLabelWrite } from '../../../lib/models';

/** The return label PDF of spec part 2, §7 (a version 2 path). */
export function getReturnLabel(clientId: string, label: ReturnLabelWrite) {
  return apiRequestBlob('/api/v2/request/get_return_label', { method: 'POST', clientId, body: label, accept: 'application/pdf' });
}
