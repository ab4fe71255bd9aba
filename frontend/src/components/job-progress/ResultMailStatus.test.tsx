import { fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { CurrentUserContext } from '../../lib/current-user';
import type { CurrentUser, Job, ResultMail } from '../../lib/models';
import { server } from '../../test/server';
import { AlertsProvider } from '../Alerts';
import { JobProgress } from './JobProgress';
import { ResultMailStatus } from './ResultMailStatus';

const failedMail: ResultMail = { state: 'failed', recipient: 'lead@example.com', error: '550 Mailbox unavailable' };
const job: Job = {
  id: 'job-3',
  kind: 'import_items',
  state: 'succeeded',
  total: 1,
  processed: 1,
  succeeded: 1,
  failed: 0,
  results: [],
  error: null,
  requested_by: 'lead',
  created_at: '2026-01-01T00:00:00Z',
  started_at: '2026-01-01T00:00:00Z',
  finished_at: '2026-01-01T00:00:01Z',
  result_mail: failedMail,
};

function renderFor(permissions: CurrentUser['permissions'], ui = <ResultMailStatus job={job} mail={failedMail} clientId="7" />) {
  const user = { username: 'someone', permissions } as CurrentUser;
  return render(
    <MemoryRouter>
      <AlertsProvider>
        <SWRConfig value={{ provider: () => new Map() }}>
          <CurrentUserContext.Provider value={user}>
            {ui}
          </CurrentUserContext.Provider>
        </SWRConfig>
      </AlertsProvider>
    </MemoryRouter>,
  );
}

describe('ResultMailStatus', () => {
  it('says why the mail failed, lets staff send it again, and follows the job again until the mail is sent', async () => {
    const posted: (string | null)[] = [];
    // The job as the API tells it: failed; once sent again, still being tried at the first look; then sent.
    const answers: ResultMail[] = [failedMail];
    server.use(
      http.get('/api/v4/jobs/job-3', () => HttpResponse.json({ ...job, result_mail: answers.length > 1 ? answers.shift() : answers[0] })),
      http.post('/api/v4/jobs/job-3/resend_mail', ({ request }) => {
        posted.push(request.headers.get('X-Client-Id'));
        const retrying: ResultMail = { ...failedMail, state: 'retrying' };
        answers.splice(0, answers.length, retrying, { state: 'sent', recipient: 'lead@example.com', error: null });
        return HttpResponse.json({ ...job, result_mail: retrying });
      }),
    );
    renderFor(['admin:resend_mail'], <JobProgress jobId="job-3" clientId="7" />);

    expect(await screen.findByText(/could not be sent: 550 Mailbox unavailable/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send the e-mail again' }));

    expect(await screen.findByText(/has not gone out yet/)).toBeTruthy();
    expect(await screen.findByText('The result e-mail was sent to lead@example.com.')).toBeTruthy();
    expect(posted).toEqual(['7']);
  });

  it('offers no resend to a client user', () => {
    renderFor(['create:items']);

    expect(screen.getByText(/could not be sent/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send the e-mail again' })).toBeNull();
  });
});
