import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeAccessToken } from '../../lib/auth';
import type { CurrentUser, ItemType, RequestLogEntry } from '../../lib/models';
import { acmeCustomUser, acmeReadOnlyUser, acmeUser, adminUser, sessionHandlers } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

const LOCATIONS = ['CA01', 'NJ01', 'TX01', 'BC01', 'IL01', 'NJ03', 'CA02', 'TX02'] as const;

function item(overrides: Partial<ItemType> = {}): ItemType {
  return {
    id: 1,
    upc: '012345678905',
    sku: 'MUG-B',
    name: 'Trail Mug Blue',
    short_name: 'Mug',
    category: 'Kitchen',
    subcategory: null,
    composite_type: 0,
    composite_type_name: 'SIMPLE',
    cost: 3.1,
    value: 12.99,
    length: 4,
    width: 4,
    height: null,
    weight: 0.5,
    customs_origin: 'US',
    customs_description: 'Mug',
    tariff_code: null,
    product_code: null,
    nmfc_code: null,
    serial_number_validator: null,
    requires_serial_number: false,
    hazmat: false,
    requires_expiration: false,
    ships_in_own_container: false,
    is_package: false,
    shopify_variant_id: null,
    shopify_inventory_item_id: null,
    shopify_inventory_sync: false,
    children: [],
    composite_parents: [],
    inventory: LOCATIONS.map((location) => ({ location, unbound: 0, reserved: 0, bound: 0, available: 0, limiting_child: null })),
    open_asns: [],
    open_shipments: [],
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

const logEntry: RequestLogEntry = {
  id: 41,
  http_method: 'PUT',
  response_status: 200,
  uri: '/api/v4/items/012345678905',
  api_version: 'v4',
  client_ip_address: '10.0.0.1',
  username: 'wile',
  datetime: '2026-11-20T10:00:00Z',
  request_body: '{"name":"Trail Mug Blue"}',
  response_body: '{"id":1}',
};

function withCatalogue(items: ItemType[], user: CurrentUser = acmeUser) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  storeAccessToken('token-for-tests', 3600);
  server.use(
    ...sessionHandlers(user),
    http.get('/api/v4/items', ({ request }) => {
      calls.push({ method: 'GET', url: new URL(request.url), body: null });
      return HttpResponse.json({ items: items.map(({ id, upc, sku, name, category, composite_type, composite_type_name }) => ({ id, upc, sku, name, category, composite_type, composite_type_name })), cursor: null });
    }),
    http.get('/api/v4/items/:upc', ({ params }) => {
      const found = items.find((candidate) => candidate.upc === params.upc);
      return found ? HttpResponse.json(found) : HttpResponse.json({ error: 'not_found', description: 'Item not found.' }, { status: 404 });
    }),
    http.put('/api/v4/items/:upc', async ({ params, request }) => {
      const body = await request.json();
      calls.push({ method: 'PUT', url: new URL(request.url), body });
      const found = items.find((candidate) => candidate.upc === params.upc)!;
      Object.assign(found, body);
      return HttpResponse.json(found);
    }),
    http.post('/api/v4/case_packs', async ({ request }) => {
      calls.push({ method: 'POST', url: new URL(request.url), body: await request.json() });
      return HttpResponse.json({}, { status: 500 });
    }),
    http.get('/api/v4/logs/requests/:type/:id', ({ params }) => {
      calls.push({ method: 'GET', url: new URL(`http://log/${params.type}/${params.id}`), body: null });
      return HttpResponse.json({ requests: [logEntry], cursor: null });
    }),
    http.get('/api/v4/logs/request/41', () => HttpResponse.json(logEntry)),
  );
  return calls;
}

const listCalls = (calls: { method: string; url: URL }[]) => calls.filter((call) => call.url.pathname === '/api/v4/items');

describe('products list', () => {
  it('asks the API with the filters of the URL and keeps them in the tab links', async () => {
    const calls = withCatalogue([item()]);
    renderApp('/7/item_types?compositeType=1&searchTerm=mug&shopifyVariantId=false&page=2');

    expect(await screen.findByRole('heading', { name: 'Products' })).toBeTruthy();
    await waitFor(() => expect(listCalls(calls)).toHaveLength(1));
    const query = listCalls(calls)[0].url.searchParams;
    expect(Object.fromEntries(query)).toEqual({ compositeType: '1', searchTerm: 'mug', shopifyVariantId: 'false', limit: '100' });

    const tabs = screen.getByRole('navigation', { name: 'Product types' });
    expect(within(tabs).getByRole('link', { name: 'Case Pack' }).className).toContain('active');
    expect(within(tabs).getByRole('link', { name: 'Bundle' }).getAttribute('href')).toBe(
      '/7/item_types?compositeType=2%2C6&searchTerm=mug&shopifyVariantId=false&page=2',
    );
    expect(within(tabs).getByRole('link', { name: 'All' }).getAttribute('href')).toBe(
      '/7/item_types?searchTerm=mug&shopifyVariantId=false&page=2',
    );
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Filter Products' }).value).toBe('mug');
    for (const [label, to] of [
      ['Add New Product', 'new'],
      ['Add New Case Pack', 'casepack_types_new'],
      ['Add New Virtual Bundle', 'virtualbundle_types_new'],
      ['Bulk Create / Update Items', 'new_bulk'],
      ['Bulk Create Case Packs', 'case_pack_types_bulk'],
    ]) {
      expect(screen.getByRole('link', { name: label }).getAttribute('href')).toBe(`/7/item_types/${to}`);
    }
  });

  it('searches once typing pauses, not on every key', async () => {
    const calls = withCatalogue([item()]);
    renderApp('/7/item_types');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(1));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter Products' }), 'kettle');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1].url.searchParams.get('searchTerm')).toBe('kettle');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(listCalls(calls)).toHaveLength(2);
  });
});

describe('product detail', () => {
  it('offers conversion for a simple item without parents and shows missing dimensions as a danger', async () => {
    withCatalogue([item()]);
    renderApp('/7/item_types/012345678905');

    expect(await screen.findByRole('heading', { name: /Trail Mug Blue/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Convert to Case Pack' }).getAttribute('href')).toBe(
      '/7/item_types/012345678905/convert_to_case_pack',
    );
    expect(screen.getByTestId('dimensions').textContent).toBe('4 in x 4 in x missing');
    expect(screen.getByText('missing').className).toContain('text-danger');
    expect(screen.getByText('0.5 lbs')).toBeTruthy();
  });

  it('offers no conversion for an item inside a case pack and links to its parents', async () => {
    withCatalogue([
      item({ composite_parents: [{ id: 2, upc: '999', sku: 'MUG-12', name: 'Mug x12', quantity: 12, composite_type: 1, composite_type_name: 'CASE PACK' }] }),
    ]);
    renderApp('/7/item_types/012345678905');

    expect(await screen.findByRole('link', { name: 'Mug x12' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mug x12' }).getAttribute('href')).toBe('/7/item_types/999');
    expect(screen.queryByRole('link', { name: 'Convert to Case Pack' })).toBeNull();
  });

  it('shows what a bundle can be built from, naming the limiting child', async () => {
    withCatalogue([
      item({
        upc: '555',
        name: 'Mug Duo',
        composite_type: 2,
        composite_type_name: 'BUNDLE',
        children: [{ id: 1, upc: '012345678905', sku: 'MUG-B', name: 'Trail Mug Blue', quantity: 2 }],
        inventory: LOCATIONS.map((location) => ({
          location,
          unbound: 0,
          reserved: 0,
          bound: 0,
          available: location === 'NJ01' ? 4 : 0,
          limiting_child: { upc: '012345678905', name: 'Trail Mug Blue' },
        })),
      }),
    ]);
    renderApp('/7/item_types/555');

    const row = await screen.findByRole('row', { name: 'NJ01 4 Trail Mug Blue' });
    expect(row).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Child Items' })).toBeTruthy();
    expect(screen.queryByText('Physical Description')).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Reserve Inventory' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Convert to Case Pack' })).toBeNull();
  });

  it('loads the request log only when opened and links each request to its page', async () => {
    const calls = withCatalogue([item()]);
    renderApp('/7/item_types/012345678905');

    const toggle = await screen.findByRole('button', { name: /Request Log/ });
    expect(calls.some((call) => call.url.host === 'log')).toBe(false);
    await userEvent.click(toggle);
    const link = await screen.findByRole('link', { name: '41' });
    expect(calls.find((call) => call.url.host === 'log')!.url.pathname).toBe('/item_type/012345678905');
    expect(link.getAttribute('href')).toBe('/7/requests/41');

    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Request 41' })).toBeTruthy();
    expect(screen.getByText('/api/v4/items/012345678905')).toBeTruthy();
    expect(screen.getByText(/"name": "Trail Mug Blue"/)).toBeTruthy();
  });
});

describe('product forms', () => {
  it('hides dimensions from a client user editing and leaves admin-only fields out of the save', async () => {
    const calls = withCatalogue([item()]);
    renderApp('/7/item_types/012345678905/edit');

    const upc = await screen.findByLabelText<HTMLInputElement>('UPC');
    expect(upc.readOnly).toBe(true);
    expect(screen.queryByLabelText('Length (in)')).toBeNull();
    expect(screen.queryByLabelText('Short Name')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Ships In Own Container').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Requires Expiration').disabled).toBe(true);
    expect(screen.getByLabelText('Cost').getAttribute('min')).toBe('0.01');

    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Trail Mug Navy');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/7/item_types/012345678905');
    const body = calls.find((call) => call.method === 'PUT')!.body as Record<string, unknown>;
    expect(body.name).toBe('Trail Mug Navy');
    for (const field of ['upc', 'short_name', 'length', 'weight', 'requires_expiration', 'ships_in_own_container', 'is_package']) {
      expect(body).not.toHaveProperty(field);
    }
  });

  it('lets an admin change dimensions and the staff-only flags', async () => {
    withCatalogue([item()], adminUser);
    renderApp('/7/item_types/012345678905/edit');

    expect(await screen.findByLabelText('Length (in)')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Ships In Own Container').disabled).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('Requires Expiration').disabled).toBe(false);
  });

  it('refuses a case pack without a child before calling the API', async () => {
    const calls = withCatalogue([]);
    renderApp('/7/item_types/casepack_types_new');

    await userEvent.type(await screen.findByLabelText('UPC'), '777');
    await userEvent.type(screen.getByLabelText('SKU'), 'PACK');
    await userEvent.type(screen.getByLabelText('Name'), 'Pack');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Case Pack must have a child item.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('what the user may do', () => {
  const writeLinks = [
    'Add New Product',
    'Add New Case Pack',
    'Add New Virtual Bundle',
    'Bulk Create / Update Items',
    'Bulk Create Case Packs',
  ];

  it('shows a read-only user the products without a single control to change them', async () => {
    const calls = withCatalogue([item()], acmeReadOnlyUser);
    renderApp('/7/item_types');

    expect(await screen.findByRole('heading', { name: 'Products' })).toBeTruthy();
    await waitFor(() => expect(listCalls(calls)).toHaveLength(1));
    expect(screen.getByRole('searchbox', { name: 'Filter Products' })).toBeTruthy();
    for (const name of writeLinks) expect(screen.queryByRole('link', { name })).toBeNull();
  });

  it('shows a custom user Edit and Convert but not Reserve Inventory, which they were not granted', async () => {
    withCatalogue([item()], acmeCustomUser);
    renderApp('/7/item_types/012345678905');

    expect(await screen.findByRole('heading', { name: /Trail Mug Blue/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Convert to Case Pack' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Reserve Inventory' })).toBeNull();
  });

  it('hides Edit and Convert from a read-only user', async () => {
    withCatalogue([item()], acmeReadOnlyUser);
    renderApp('/7/item_types/012345678905');

    expect(await screen.findByRole('heading', { name: /Trail Mug Blue/ })).toBeTruthy();
    for (const name of ['Edit', 'Convert to Case Pack', 'Reserve Inventory']) {
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
  });

  it.each([
    ['/7/item_types/new', 'create:items'],
    ['/7/item_types/new_bulk', 'create:items'],
    ['/7/item_types/012345678905/edit', 'update:items'],
    ['/7/item_types/012345678905/reserve_inventory', 'update:inventory'],
  ])('answers a read-only user who opens %s with a refusal naming %s, not a form', async (route, grant) => {
    withCatalogue([item()], acmeReadOnlyUser);
    renderApp(route);

    expect(await screen.findByRole('heading', { name: 'Not permitted' })).toBeTruthy();
    expect(screen.getByText(new RegExp(`the permission this page needs \\(${grant}\\)`))).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Save|Upload/ })).toBeNull();
  });

  it('lets a custom user open the form they were granted', async () => {
    withCatalogue([item()], acmeCustomUser);
    renderApp('/7/item_types/012345678905/edit');

    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Not permitted' })).toBeNull();
  });
});
