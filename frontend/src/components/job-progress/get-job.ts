import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { API_BASE_PATH, JOB_POLL_INTERVAL_MS, RESULT_MAIL_RETRY_POLL_INTERVAL_MS } from '../../config/constants';
import { apiRequest } from '../../lib/api-client';
import type { Job } from '../../lib/models';

export function isJobFinished(job: Job): boolean {
  return job.state !== 'queued' && job.state !== 'running';
}

/**
 * How soon to look at the job again: every second until it has finished and its result e-mail has
 * been tried, every few seconds while the mail server refuses the e-mail and the portal tries again
 * (so a page left open shows whether it went out or was given up), never once the e-mail was sent
 * or given up on.
 */
function nextPollMs(job: Job | undefined): number {
  if (job === undefined || !isJobFinished(job)) return JOB_POLL_INTERVAL_MS;
  const mail = job.result_mail;
  const state = mail && 'state' in mail ? mail.state : null;
  if (state === 'pending') return JOB_POLL_INTERVAL_MS;
  return state === 'retrying' ? RESULT_MAIL_RETRY_POLL_INTERVAL_MS : 0;
}

export function getJob(jobId: string, clientId?: string): Promise<Job> {
  return apiRequest<Job>(`${API_BASE_PATH}/jobs/${jobId}`, { clientId });
}

export function getJobKey(jobId: string, clientId?: string) {
  return ['job', jobId, clientId] as const;
}

/** The job, polled until it has finished and its result e-mail was sent or given up on. */
export function useJob(jobId: string, clientId?: string) {
  // The interval is a number kept beside the data, not a function of it: SWR stops its timer at an
  // interval of 0 and starts it again only when the interval changes, as it does when a settled
  // job changes (its e-mail sent again).
  const [pollMs, setPollMs] = useState(JOB_POLL_INTERVAL_MS);
  const answer = useSWR(getJobKey(jobId, clientId), () => getJob(jobId, clientId), {
    refreshInterval: pollMs,
    dedupingInterval: JOB_POLL_INTERVAL_MS / 2,
  });
  const nextMs = nextPollMs(answer.data);
  useEffect(() => setPollMs(nextMs), [nextMs]);
  return answer;
}
