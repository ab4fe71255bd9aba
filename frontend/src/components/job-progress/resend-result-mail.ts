import { API_BASE_PATH } from '../../config/constants';
import { apiRequest } from '../../lib/api-client';
import type { Job } from '../../lib/models';

/** POST /jobs/{id}/resend_mail: try the job's result e-mail again after the portal stopped retrying it (staff). */
export function resendResultMail(jobId: string, clientId?: string): Promise<Job> {
  return apiRequest<Job>(`${API_BASE_PATH}/jobs/${jobId}/resend_mail`, { method: 'POST', clientId });
}
