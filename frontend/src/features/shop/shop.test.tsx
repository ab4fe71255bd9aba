import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopConnection } from '../../lib/models';
import { storeAccessToken } from '../../lib/auth';
import { acmeReadOnlyUser, acmeUser, adminUser, sessionHandlers } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

const notConnected: ShopConnection = {
  connected: false,
  shop_name: null,
  admin_url: null,
  installed_at: null,
  reauthenticate_url: null,
  app_configured: true,
};

const connected: ShopConnection = {
  connected: true,
  shop_name: 'acme-outdoor.myshopify.com',
  admin_url: 'https://acme-outdoor.myshopify.com/admin',
  installed_at: '2026-11-01T10:00:00',
  reauthenticate_url: '/shopify/authorize?shop=acme-outdoor.myshopify.com',
  app_configured: true,
};

/** Staff named the shop, and this portal has no app credentials (the demo data's set-up). */
const namedWithoutApp: ShopConnection = { ...connected, connected: false, installed_at: null, app_configured: false };

function withShop(connection: ShopConnection, user = acmeUser) {
  storeAccessToken('token-for-tests', 3600);
  const saved: unknown[] = [];
  let addresses = ['ops@acme.com'];
  server.use(
    ...sessionHandlers(user),
    http.get('/api/v4/shopify/connection', () => HttpResponse.json(connection)),
    http.get('/api/v4/notification_settings', () => HttpResponse.json({ email_addresses: addresses })),
    http.put('/api/v4/notification_settings', async ({ request }) => {
      const body = (await request.json()) as { email_addresses: string };
      saved.push(body);
      const bad = body.email_addresses.split(',').map((part) => part.trim()).find((part) => part && !part.includes('@'));
      if (bad) {
        return HttpResponse.json(
          { error: 'invalid_email_address', description: `'${bad}' is not a valid e-mail address.` },
          { status: 422 },
        );
      }
      addresses = body.email_addresses.split(',').map((part) => part.trim()).filter(Boolean);
      return HttpResponse.json({ email_addresses: addresses });
    }),
  );
  return saved;
}

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Shopify page', () => {
  it('tells a client without a shop to install the app from the app store', async () => {
    withShop(notConnected);
    renderApp('/7/shopify');

    expect(await screen.findByText('No shop connected')).toBeTruthy();
    expect(screen.getByText(/install the Fulfilment Portal app from the Shopify App Store/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'here to Reauthenticate' })).toBeNull();
  });

  it('shows a shop named for the client as its shop, and says so when the app is not set up instead of leaving the app', async () => {
    withShop(namedWithoutApp);
    renderApp('/7/shopify');

    expect(await screen.findByRole('link', { name: 'acme-outdoor.myshopify.com' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Shopify app not authorized yet' })).toBeTruthy();
    expect(screen.queryByText(/connected/i)).toBeNull();
    expect(screen.getByText(/The Shopify app is not set up on this portal yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /here to|Authorize/ })).toBeNull();
  });

  it('offers to authorize the app for a named shop where the portal has the app', async () => {
    withShop({ ...namedWithoutApp, app_configured: true });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderApp('/7/shopify');

    await userEvent.click(await screen.findByRole('button', { name: 'Authorize the app' }));
    expect(assign).toHaveBeenCalledWith('/shopify/authorize?shop=acme-outdoor.myshopify.com');
    expect(screen.queryByText('Synchronisation')).toBeNull();
  });

  it('shows a user who may not manage the account the shop and its addresses, with nothing to change them', async () => {
    withShop(connected, acmeReadOnlyUser);
    renderApp('/7/shopify');

    expect(await screen.findByRole('link', { name: 'acme-outdoor.myshopify.com' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Notification E-mail Addresses' }).value).toBe('ops@acme.com'),
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Notification E-mail Addresses' }).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'here to Reauthenticate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('links a connected shop to its admin and reauthenticates through the server', async () => {
    withShop(connected);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderApp('/7/shopify');

    const link = await screen.findByRole('link', { name: 'acme-outdoor.myshopify.com' });
    expect(link.getAttribute('href')).toBe('https://acme-outdoor.myshopify.com/admin');
    expect(screen.getByText('Synchronisation')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'here to Reauthenticate' }));
    expect(assign).toHaveBeenCalledWith('/shopify/authorize?shop=acme-outdoor.myshopify.com');
  });

  it('edits the notification addresses as one comma-separated string', async () => {
    const saved = withShop(connected);
    renderApp('/7/shopify');

    const field = await screen.findByLabelText('Notification E-mail Addresses');
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('ops@acme.com'));
    await userEvent.clear(field);
    await userEvent.type(field, 'ops@acme.com, dock@acme.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Saved');
    expect(saved).toEqual([{ email_addresses: 'ops@acme.com, dock@acme.com' }]);
  });

  it("shows the server's message for an address it refuses", async () => {
    withShop(connected);
    renderApp('/7/shopify');

    const field = await screen.findByLabelText('Notification E-mail Addresses');
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('ops@acme.com'));
    await userEvent.type(field, ', nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe("'nobody' is not a valid e-mail address.");
  });

  it('keeps Pull Order From Shopify as a page of its own', async () => {
    withShop(connected);
    renderApp('/7/shopify/get_order');

    expect(await screen.findByRole('heading', { name: 'Pull Order From Shopify' })).toBeTruthy();
  });
});

const QUERY = '?code=abc&hmac=f00&host=aG9zdA&shop=acme-outdoor.myshopify.com&state=s1&timestamp=1700000000';

function withCallback(answer: () => Response | Promise<Response>, user = acmeUser) {
  storeAccessToken('token-for-tests', 3600);
  const calls: { search: string; clientId: string | null }[] = [];
  server.use(
    ...sessionHandlers(user),
    http.get('/api/v4/shopify/auth_callback', ({ request }) => {
      calls.push({ search: new URL(request.url).search, clientId: request.headers.get('X-Client-Id') });
      return answer();
    }),
    http.get('/api/v4/shopify/connection', () => HttpResponse.json(connected)),
    http.get('/api/v4/notification_settings', () => HttpResponse.json({ email_addresses: [] })),
  );
  return calls;
}

describe('Shopify install callback', () => {
  it('passes the query on once, then goes to the Shopify page', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = withCallback(async () => {
      await answered;
      return HttpResponse.json({ shopify_shop_name: 'acme-outdoor.myshopify.com', client_already_linked_to_shop: false });
    });
    renderApp(`/shopify/auth_callback${QUERY}`);

    expect(await screen.findByText('Configuring Shopify App...')).toBeTruthy();
    release();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/7/shopify'));
    expect(calls).toEqual([{ search: QUERY, clientId: '7' }]);
  });

  it('explains that an already linked shop needs its own client account', async () => {
    withCallback(() =>
      HttpResponse.json(
        { error: 'client_already_linked_to_shop', description: 'Already linked.', client_already_linked_to_shop: true },
        { status: 409 },
      ),
    );
    renderApp(`/shopify/auth_callback${QUERY}`);

    expect(await screen.findByText('This shop is already linked to another client')).toBeTruthy();
    expect(screen.getByText(/needs a dedicated client account/)).toBeTruthy();
    expect(screen.getByText(/contact support/)).toBeTruthy();
  });

  it('reports any other failure as Failed installing shopify app and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    withCallback(() =>
      HttpResponse.json({ error: 'invalid_state', description: 'The install has expired; start it again.' }, { status: 400 }),
    );
    renderApp(`/shopify/auth_callback${QUERY}`);

    expect(await screen.findByText('Failed installing shopify app')).toBeTruthy();
    expect(screen.getByText('The install has expired; start it again.')).toBeTruthy();
    expect(log).toHaveBeenCalled();
  });

  it('acts for the client whose Shopify page an admin opened last', async () => {
    const calls = withCallback(
      () => HttpResponse.json({ shopify_shop_name: 'acme-outdoor.myshopify.com', client_already_linked_to_shop: false }),
      adminUser,
    );
    sessionStorage.setItem('portal.shopInstallClientId', '3');
    renderApp(`/shopify/auth_callback${QUERY}`);

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/3/shopify'));
    expect(calls[0].clientId).toBe('3');
  });

  it('asks an admin who chose no client to choose one first', async () => {
    const calls = withCallback(
      () => HttpResponse.json({ shopify_shop_name: 'acme-outdoor.myshopify.com', client_already_linked_to_shop: false }),
      adminUser,
    );
    renderApp(`/shopify/auth_callback${QUERY}`);

    const picker = await screen.findByLabelText('Client');
    expect(calls).toEqual([]);
    await userEvent.selectOptions(picker, 'Acme - 7');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/7/shopify'));
    expect(calls).toEqual([{ search: QUERY, clientId: '7' }]);
  });
});
