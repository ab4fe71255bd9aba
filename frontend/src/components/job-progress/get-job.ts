import useSWR from 'swr';
import { API_BASE_PATH, JOB_POLL_INTERVAL_MS } from '../../config/constants';
import { apiRequest } from '../../lib/api-client';
import type { Job } from '../../lib/models';
import { pollUntil } from '../../lib/polling';

export function isJobFinished(job: Job): boolean {
  return job.state !== 'queued' && job.state !== 'running';
}

/** Finished, with its result e-mail (if any) sent or given up on: nothing more will change by itself soon. */
function isJobSettled(job: Job): boolean {
  const mail = job.result_mail;
  return isJobFinished(job) && !(mail && 'state' in mail && mail.state === 'pending');
}

export function getJob(jobId: string, clientId?: string): Promise<Job> {
  return apiRequest<Job>(`${API_BASE_PATH}/jobs/${jobId}`, { clientId });
}

export function getJobKey(jobId: string, clientId?: string) {
  return ['job', jobId, clientId] as const;
}

/** The job, polled until it has finished and its result e-mail has been tried. */
export function useJob(jobId: string, clientId?: string) {
  return useSWR(getJobKey(jobId, clientId), () => getJob(jobId, clientId), pollUntil(isJobSettled, JOB_POLL_INTERVAL_MS));
}
