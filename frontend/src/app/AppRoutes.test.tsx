import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getAccessToken, storeAccessToken } from '../lib/auth';
import { acme, acmeUser, adminUser, sessionHandlers } from '../test/fixtures';
import { renderApp } from '../test/render';
import { server } from '../test/server';

const currentPath = () => screen.getByTestId('location').textContent;

function logInAs(user: typeof adminUser) {
  storeAccessToken('token-for-tests', 3600);
  server.use(...sessionHandlers(user));
}

describe('login', () => {
  it('shows the login form on any route without a token and stays on that route', async () => {
    server.use(
      http.post('/api/v4/auth/token', () =>
        HttpResponse.json({ access_token: 'fresh', token_type: 'Bearer', expires_in: 3600 }),
      ),
      http.get('/api/v4/users', () => HttpResponse.json({ users: [], cursor: null })),
      ...sessionHandlers(acmeUser),
    );
    renderApp('/7/users');

    await userEvent.type(screen.getByLabelText('Username'), 'wile');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(currentPath()).toBe('/7/users');
    expect(getAccessToken()).toBe('fresh');
  });

  it("shows the API's description for invalid credentials", async () => {
    server.use(
      http.post('/api/v4/auth/token', () =>
        HttpResponse.json(
          { error: 'invalid_credentials', description: 'Invalid username or password.' },
          { status: 401 },
        ),
      ),
    );
    renderApp('/');

    await userEvent.type(screen.getByLabelText('Username'), 'wile');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password.');
  });

  it('shows a login error from the URL instead of the app', () => {
    renderApp('/?error=access_denied&error_description=The+account+is+locked.');
    expect(screen.getByText('The account is locked.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the portal' }).getAttribute('href')).toBe('/');
  });

  it('logs out when a call answers 401', async () => {
    logInAs(acmeUser);
    server.use(http.get('/api/v4/users', () => HttpResponse.json({ error: 'token_expired' }, { status: 401 })));
    renderApp('/7/users');

    expect(await screen.findByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(getAccessToken()).toBeNull();
  });

  it('logs out on the logout route', async () => {
    logInAs(acmeUser);
    renderApp('/logout');

    expect(await screen.findByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(currentPath()).toBe('/');
    expect(getAccessToken()).toBeNull();
  });
});

describe('client picker', () => {
  it('lists every client as "name - id" and as "id - name" for admins, and opens the chosen one', async () => {
    logInAs(adminUser);
    renderApp('/');

    const picker = await screen.findByLabelText('Client');
    const options = within(picker).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Choose Client...', 'Acme - 7', 'Globex - 3', '3 - Globex', '7 - Acme']);

    fireEvent.change(picker, { target: { value: '7' } });
    expect(await screen.findByText('Acme')).toBeTruthy();
    expect(currentPath()).toBe('/7');
  });

  it('sends non-admins to their own client', async () => {
    logInAs(acmeUser);
    renderApp('/');
    await waitFor(() => expect(currentPath()).toBe('/7'));
  });

  it("sends a non-admin away from another client's pages to their own", async () => {
    logInAs(acmeUser);
    renderApp('/3/users');
    await waitFor(() => expect(currentPath()).toBe('/7'));
  });

  it('sends /login back to the root', async () => {
    logInAs(adminUser);
    renderApp('/login');
    expect(await screen.findByLabelText('Client')).toBeTruthy();
    expect(currentPath()).toBe('/');
  });
});

describe('client shell', () => {
  it('shows the client logo when there is one', async () => {
    logInAs(adminUser);
    server.use(http.get('/api/v4/clients/7', () => HttpResponse.json({ ...acme, logo: 'iVBORw0KGgo=' })));
    renderApp('/7');

    const logo = await screen.findByRole('img', { name: 'Acme' });
    expect(logo.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it("shows the API's error in the global alert when the client cannot be loaded", async () => {
    logInAs(adminUser);
    renderApp('/99');
    expect((await screen.findByRole('alert')).textContent).toBe('Client not found.');
    expect(screen.getByRole('link', { name: 'Choose another client' })).toBeTruthy();
  });

  it('shows Page not found for unknown routes', async () => {
    logInAs(acmeUser);
    renderApp('/7/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
