import { apiRequest } from '../../../lib/api-client';
import type { ImportReport, Job } from '../../../lib/models';

export interface UploadOptions {
  clientId: string;
  /** Apply the valid rows and skip the others, instead of applying nothing when any row is bad. */
  validRowsOnly: boolean;
  idempotencyKey: string;
  /** The chosen file's name, which the result mail quotes. */
  fileName: string;
}

/** Asks the API what an upload would do, applying nothing (200 report). */
export function checkUpload(path: string, body: unknown, clientId: string, query: Record<string, boolean> = {}): Promise<ImportReport> {
  return apiRequest<ImportReport>(path, { method: 'POST', clientId, body, query: { ...query, validateOnly: true } });
}

/** Sends an upload to be applied by a job (202 Job); row errors come back as 422 invalid_rows. */
export function startUpload(
  path: string,
  body: unknown,
  { clientId, validRowsOnly, idempotencyKey, fileName }: UploadOptions,
  query: Record<string, boolean> = {},
): Promise<Job> {
  return apiRequest<Job>(path, {
    method: 'POST',
    clientId,
    body,
    idempotencyKey,
    query: { ...query, validRowsOnly: validRowsOnly || undefined, fileName },
  });
}
