import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Job, User, UserCreate } from '../../lib/models';
import { storeAccessToken } from '../../lib/auth';
import { acmeUser, roadRunner, sessionHandlers } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

function withUsers(initial: User[]) {
  const users = [...initial];
  const requests: { method: string; clientId: string | null; body: unknown }[] = [];
  storeAccessToken('token-for-tests', 3600);
  server.use(
    ...sessionHandlers(acmeUser),
    http.get('/api/v4/users', ({ request }) => {
      requests.push({ method: 'GET', clientId: request.headers.get('X-Client-Id'), body: null });
      return HttpResponse.json({ users, cursor: null });
    }),
    http.get('/api/v4/users/:username', ({ params }) => {
      const user = users.find((candidate) => candidate.username === params.username);
      return user ? HttpResponse.json(user) : HttpResponse.json({ error: 'not_found' }, { status: 404 });
    }),
    http.post('/api/v4/users', async ({ request }) => {
      const { password: _password, ...created } = (await request.json()) as UserCreate;
      if (users.some((user) => user.username === created.username)) {
        return HttpResponse.json(
          { error: 'conflict', description: 'A user with this username already exists.' },
          { status: 409 },
        );
      }
      const user = { ...roadRunner, ...created } as User;
      users.push(user);
      return HttpResponse.json(user, { status: 201 });
    }),
    http.put('/api/v4/users/:username', async ({ params, request }) => {
      const body = await request.json();
      requests.push({ method: 'PUT', clientId: request.headers.get('X-Client-Id'), body });
      const user = users.find((candidate) => candidate.username === params.username) as User;
      Object.assign(user, body);
      return HttpResponse.json(user);
    }),
  );
  return requests;
}

describe('users area', () => {
  it("lists the client's users with their roles, sending the client id", async () => {
    const requests = withUsers([roadRunner]);
    renderApp('/7/users');

    const list = await screen.findByRole('navigation', { name: 'Users' });
    expect(await within(list).findByText('Road Runner')).toBeTruthy();
    expect(within(list).getByText('Read only')).toBeTruthy();
    expect(requests[0].clientId).toBe('7');
  });

  it('creates a user, says so on its page and lists it', async () => {
    withUsers([roadRunner]);
    renderApp('/7/users');

    await userEvent.click(await screen.findByRole('link', { name: 'Add New User' }));
    await userEvent.type(screen.getByLabelText('Username'), 'coyote');
    await userEvent.type(screen.getByLabelText('Name'), 'Wile E.');
    await userEvent.type(screen.getByLabelText('Password'), 'acme-rockets');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('User Created')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/7/users/coyote');
    expect(await within(screen.getByRole('navigation', { name: 'Users' })).findByText('Wile E.')).toBeTruthy();
  });

  it("shows the API's error when creating fails", async () => {
    withUsers([roadRunner]);
    renderApp('/7/users/new');

    await userEvent.type(await screen.findByLabelText('Username'), 'rr');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('A user with this username already exists.')).toBeTruthy();
  });

  it('marks the field a refusal names, keeping what was typed', async () => {
    withUsers([roadRunner]);
    const description = 'Email: Not a valid email address.';
    server.use(
      http.post('/api/v4/users', () =>
        HttpResponse.json(
          { error: 'validation_error', description, field: 'email', fields: [{ field: 'email', description }] },
          { status: 422 },
        ),
      ),
    );
    renderApp('/7/users/new');

    await userEvent.type(await screen.findByLabelText('Username'), 'wile');
    await userEvent.type(screen.getByLabelText('Email'), 'wile@acme');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.classList.contains('is-invalid')).toBe(true));
    expect(email.getAttribute('aria-describedby')).toBe('user-email-error');
    expect(document.getElementById('user-email-error')?.textContent).toBe(description);
    expect(screen.getByRole('alert').textContent).toBe(description);
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('wile');
    expect(screen.getByLabelText('Username').classList.contains('is-invalid')).toBe(false);
  });

  it('saves an edited user without its blank password', async () => {
    const requests = withUsers([roadRunner]);
    renderApp('/7/users/rr');

    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Road Runner Jr.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({
      real_name: 'Road Runner Jr.',
      email: 'rr@example.com',
      role: 'client_read_only',
      active: true,
      receive_scheduled_reports: false,
      permissions: [],
    });
  });

  it('exports the users and follows the job', async () => {
    withUsers([roadRunner]);
    const job: Job = {
      id: 'job-41',
      kind: 'users_export',
      state: 'succeeded',
      total: 1,
      processed: 1,
      succeeded: 1,
      failed: 0,
      results: [],
      error: null,
      requested_by: 'wile',
      created_at: '2025-01-01T00:00:00Z',
      started_at: '2025-01-01T00:00:00Z',
      finished_at: '2025-01-01T00:00:01Z',
      result_mail: null,
    };
    server.use(
      http.post('/api/v4/users/export', () => HttpResponse.json({ ...job, state: 'queued' }, { status: 202 })),
      http.get('/api/v4/jobs/job-41', () => HttpResponse.json(job)),
    );
    renderApp('/7/users');

    await userEvent.click(await screen.findByRole('button', { name: 'Export users' }));
    expect(await screen.findByText('The export was e-mailed to you.')).toBeTruthy();
  });
});
