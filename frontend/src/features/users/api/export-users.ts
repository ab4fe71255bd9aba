import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { Job } from '../../../lib/models';

/** Starts a job that e-mails the client's users as CSV to the requester. */
export function exportUsers(clientId: string): Promise<Job> {
  return apiRequest<Job>(`${API_BASE_PATH}/users/export`, { method: 'POST', clientId });
}
