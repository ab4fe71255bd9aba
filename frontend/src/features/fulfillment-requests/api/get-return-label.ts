import { apiRequestBlob } from '../../../lib/api-client';
import type { ReturnLabelWrite } from '../../../lib/models';

/**
 * The return label PDF of spec part 2, §7 (a version 2 path). A call repeated with the same
 * `idempotencyKey` answers the label the first made, so a second click makes no second label.
 */
export function getReturnLabel(clientId: string, label: ReturnLabelWrite, idempotencyKey: string) {
  return apiRequestBlob('/api/v2/request/get_return_label', {
    method: 'POST',
    clientId,
    body: label,
    accept: 'application/pdf',
    idempotencyKey,
  });
}
