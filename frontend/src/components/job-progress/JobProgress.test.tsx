import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../lib/models';
import { renderWithProviders } from '../../test/render';
import { server } from '../../test/server';
import { JobProgress } from './JobProgress';

const queuedJob: Job = {
  id: 'job-9',
  kind: 'users_export',
  state: 'queued',
  total: 2,
  processed: 0,
  succeeded: 0,
  failed: 0,
  results: [],
  error: null,
  requested_by: 'wile',
  created_at: '2025-01-01T00:00:00Z',
  started_at: null,
  finished_at: null,
  result_mail: null,
};

describe('JobProgress', () => {
  it('polls the job until it has finished, then stops', async () => {
    const answers: Job[] = [
      queuedJob,
      { ...queuedJob, state: 'running', processed: 1, succeeded: 1 },
      {
        ...queuedJob,
        state: 'partly_succeeded',
        processed: 2,
        succeeded: 1,
        failed: 1,
        results: [{ line: 3, status: 'failed', error: 'Email is invalid' }],
      },
    ];
    const clientIds: (string | null)[] = [];
    server.use(
      http.get('/api/v4/jobs/job-9', ({ request }) => {
        clientIds.push(request.headers.get('X-Client-Id'));
        return HttpResponse.json(answers[Math.min(clientIds.length - 1, answers.length - 1)]);
      }),
    );

    renderWithProviders(<JobProgress jobId="job-9" clientId="7" doneMessage="The export was e-mailed to you." />);

    expect(await screen.findByText('Queued')).toBeTruthy();
    expect(screen.getByText('Users Export')).toBeTruthy();
    expect(await screen.findByText('Running')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(await screen.findByText('Partly Succeeded')).toBeTruthy();
    expect(screen.getByText('1 succeeded, 1 failed, 2 in all.')).toBeTruthy();
    expect(screen.getByText('Line 3. Error Email is invalid')).toBeTruthy();
    expect(screen.getByText('The export was e-mailed to you.')).toBeTruthy();

    const callsWhenFinished = clientIds.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(clientIds.length).toBe(callsWhenFinished);
    expect(clientIds.every((clientId) => clientId === '7')).toBe(true);
  });

  it('shows a failed job with its error and without the done message', async () => {
    server.use(
      http.get('/api/v4/jobs/job-9', () =>
        HttpResponse.json({ ...queuedJob, state: 'failed', error: 'The mail server refused the message.' }),
      ),
    );
    renderWithProviders(<JobProgress jobId="job-9" doneMessage="The export was e-mailed to you." />);

    expect(await screen.findByText('Failed')).toBeTruthy();
    expect(screen.getByText('The mail server refused the message.')).toBeTruthy();
    expect(screen.queryByText('The export was e-mailed to you.')).toBeNull();
  });
});
