import useSWR from 'swr';
import { API_BASE_PATH, JOB_POLL_INTERVAL_MS } from '../../config/constants';
import { apiRequest } from '../../lib/api-client';
import type { Job } from '../../lib/models';
import { pollUntil } from '../../lib/polling';

export function isJobFinished(job: Job): boolean {
  return job.state !== 'queued' && job.state !== 'running';
}

export function getJob(jobId: string, clientId?: string): Promise<Job> {
  return apiRequest<Job>(`${API_BASE_PATH}/jobs/${jobId}`, { clientId });
}

export function getJobKey(jobId: string, clientId?: string) {
  return ['job', jobId, clientId] as const;
}

/** The job, polled until it has finished. */
export function useJob(jobId: string, clientId?: string) {
  return useSWR(getJobKey(jobId, clientId), () => getJob(jobId, clientId), pollUntil(isJobFinished, JOB_POLL_INTERVAL_MS));
}
