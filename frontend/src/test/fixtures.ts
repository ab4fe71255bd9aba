import { http, HttpResponse } from 'msw';
import type { Client, CurrentUser, User } from '../lib/models';

/** What a client-role user may do, as /me answers it. */
const CLIENT_GRANTS: CurrentUser['permissions'] = [
  'approve:ltl', 'create:fulfillment_requests', 'create:items', 'create:rmas', 'read:reports', 'update:inventory',
  'update:items', 'update:ltl', 'update:shipments', 'write:asns', 'write:users',
];

export const acme: Client = {
  id: 7,
  name: 'Acme',
  fulfillment_request_api_version: 2,
  shopify_shop_name: null,
  logo: null,
};

export const globex: Client = {
  id: 3,
  name: 'Globex',
  fulfillment_request_api_version: 1,
  shopify_shop_name: null,
  logo: null,
};

export const adminUser: CurrentUser = {
  username: 'root',
  name: 'Rita Admin',
  email: 'rita@example.com',
  roles: ['admin'],
  clientId: null,
  isAdmin: true,
  client: null,
  permissions: ['admin:act_for_any_client', 'admin:manage_clients', 'admin:manage_reports', ...CLIENT_GRANTS],
};

export const acmeUser: CurrentUser = {
  username: 'wile',
  name: 'Wile E. Coyote',
  email: 'wile@example.com',
  roles: ['client'],
  clientId: acme.id,
  isAdmin: false,
  client: { id: acme.id, name: acme.name, fulfillment_request_api_version: acme.fulfillment_request_api_version, logo: null },
  permissions: CLIENT_GRANTS,
};

export const acmeReadOnlyUser: CurrentUser = {
  ...acmeUser,
  username: 'roadie',
  name: 'Roadie Reader',
  roles: ['client_read_only'],
  permissions: ['read:reports'],
};

/** A client_custom user who may create and change items but not reserve inventory. */
export const acmeCustomUser: CurrentUser = {
  ...acmeUser,
  username: 'casey',
  name: 'Casey Custom',
  roles: ['client_custom'],
  permissions: ['create:items', 'update:items'],
};

export const roadRunner: User = {
  username: 'rr',
  real_name: 'Road Runner',
  email: 'rr@example.com',
  role: 'client_read_only',
  active: true,
  receive_scheduled_reports: false,
  permissions: [],
};

const clientsById = new Map([acme, globex].map((client) => [String(client.id), client]));

/** Handlers every logged-in page needs: the current user, UI settings and clients. */
export function sessionHandlers(currentUser: CurrentUser) {
  return [
    http.get('/api/v4/me', () => HttpResponse.json(currentUser)),
    http.get('/api/v4/settings/ui', () => HttpResponse.json({ idle_timeout_ms: 7_200_000, idle_warning_ms: 60_000 })),
    http.get('/api/v4/clients', () =>
      HttpResponse.json({
        clients: [acme, globex].map(({ logo: _logo, ...summary }) => summary),
        cursor: null,
      }),
    ),
    http.get('/api/v4/clients/:id', ({ params }) => {
      const client = clientsById.get(String(params.id));
      return client
        ? HttpResponse.json(client)
        : HttpResponse.json({ error: 'not_found', description: 'Client not found.' }, { status: 404 });
    }),
  ];
}
