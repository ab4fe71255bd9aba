import { apiRequestBlob } from '../../../lib/api-client';
import type { Job } from '../../../lib/models';
import type { RequestQuery } from '../request-filters';
import { REQUESTS_PATH } from './request-path';

/** POST /fulfillment_requests/export with the list's filters: the CSV file itself up to 10,000 requests,
 * else the job that mails it. */
export async function exportRequests(clientId: string, query: RequestQuery): Promise<{ file: Blob } | { job: Job }> {
  const answer = await apiRequestBlob(`${REQUESTS_PATH}/export`, {
    method: 'POST',
    clientId,
    query,
    accept: 'text/csv, application/json',
  });
  if (answer.type.startsWith('application/json')) return { job: JSON.parse(await answer.text()) as Job };
  return { file: answer };
}
