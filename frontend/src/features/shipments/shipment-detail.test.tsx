import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeAccessToken } from '../../lib/auth';
import { acmeUser, sessionHandlers } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';
import type { Shipment } from './types';

function shipment(overrides: Partial<Shipment> = {}): Shipment {
  return {
    id: 41,
    status: 'validating',
    request_id: 9,
    fulfillment_request_id: 'FR-9',
    order_id: '#1004',
    warehouse_id: 'NJ01',
    ship_profile_id: null,
    ship_method: null,
    carrier: null,
    fill_type: 'fill_or_kill',
    inventory_allocated: true,
    shipment_group_id: null,
    shipment_details_id: null,
    tracking_number: null,
    tracking_url: null,
    master_tracking_id: null,
    weight: null,
    shipped_at: null,
    delivered_at: null,
    exception_reason: null,
    created_at: '2030-01-02T10:00:00Z',
    updated_at: '2030-01-02T10:00:00Z',
    validated_customs_information: false,
    has_custom_label: false,
    custom_label_name: null,
    to_address: {
      name: 'Sam Roy', company: null, address_1: '100 Queen St W', address_2: null, address_3: null, city: 'Toronto',
      state: 'ON', postal_code: 'M5H 2N2', country: 'CA', phone: '+1 416 555 0100', email: null,
      validation_status: 'validated', validation_error: null,
    },
    sets: [{ id: 5, type: 'default_set_type', gift_note: null, items: [{
      id: 51, item_type_id: 3, upc: 'TENT', name: 'Trail Tent', tariff_code: null, customs_description: null,
      customs_origin: 'US', quantity_desired: 3, quantity_allocated: 3, quantity_requested: 3,
    }] }],
    documents: [{ id: 8, name: 'packing.pdf', copies: 2, format: 'pdf' }],
    checklist: [
      { check: 'inventory', ok: true, message: null, items: [] },
      { check: 'customs', ok: false, message: 'Customs information is missing.', items: [
        { upc: 'TENT', name: 'Trail Tent', missing: ['tariff_code', 'customs_description'] },
      ] },
    ],
    allowed_actions: ['cancel', 'edit_quantities', 'add_documents', 'delete_documents', 'comment'],
    ...overrides,
  };
}

function withShipment(initial: Shipment) {
  let current = initial;
  const calls: { method: string; path: string; body: unknown }[] = [];
  storeAccessToken('token-for-tests', 3600);
  server.use(
    ...sessionHandlers(acmeUser),
    http.get('/api/v4/shipments/41', () => HttpResponse.json(current)),
    http.get('/api/v4/shipments/41/history', () => HttpResponse.json({ history: [
      { from_status: null, to_status: 'validating', reason: 'Placed', actor: 'wile', created_at: '2030-01-02T10:00:00Z' },
    ], cursor: null })),
    http.get('/api/v4/shipments/41/details', () =>
      HttpResponse.json({ error: 'not_found', description: 'Shipment 41 has no retail EDI details.' }, { status: 404 }),
    ),
    http.get('/api/v4/shipments/41/comments', () => HttpResponse.json({ comments: [], cursor: null })),
    http.get('/api/v4/carriers', () => HttpResponse.json({ carriers: [], cursor: null })),
    http.get('/api/v4/ship_profiles', () => HttpResponse.json({ ship_profiles: [], cursor: null })),
    http.post('/api/v4/shipments/41/cancel', () => {
      calls.push({ method: 'POST', path: 'cancel', body: null });
      current = { ...current, status: 'canceled', allowed_actions: ['comment'] };
      return HttpResponse.json(current);
    }),
    http.put('/api/v4/shipments/41/sets/5/items/51', async ({ request }) => {
      const body = (await request.json()) as { quantity_desired: number };
      calls.push({ method: 'PUT', path: 'item', body });
      if (body.quantity_desired > 3) {
        return HttpResponse.json(
          { error: 'validation_error', description: 'Quantity cannot be more than the 3 requested.', field: 'quantity_desired' },
          { status: 422 },
        );
      }
      return HttpResponse.json(current);
    }),
  );
  return calls;
}

describe('shipment detail', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the way the shipment goes, what it lacks with links to the items, and its documents', async () => {
    withShipment(shipment());
    renderApp('/7/shipments/41');

    const crumbs = await screen.findByRole('navigation', { name: 'Shipment status' });
    expect(within(crumbs).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Validating', 'Ready To Process', 'Processing', 'Pending Ship Label', 'Shipped', 'Delivered',
    ]);
    expect(within(crumbs).getByText('Validating').closest('li')?.getAttribute('aria-current')).toBe('step');
    const customs = screen.getByTestId('check-customs');
    expect(within(customs).getByRole('link', { name: 'TENT Trail Tent' }).getAttribute('href')).toBe('/7/item_types/TENT/edit');
    expect(customs.textContent).toContain('lacks tariff code, customs description');
    const documents = screen.getByRole('table', { name: 'Shipping Documents' });
    expect(within(documents).getByRole('row', { name: /packing\.pdf 2/ })).toBeTruthy();
    expect(within(documents).getByRole('button', { name: 'Delete Document packing.pdf' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'FR-9' }).getAttribute('href')).toBe('/7/fulfillment_requests/9');
  });

  it('offers no change the allowed actions leave out, and shows the warning state alone with its reason', async () => {
    withShipment(shipment({ status: 'exception', exception_reason: 'Address not found by the carrier', allowed_actions: ['comment'] }));
    renderApp('/7/shipments/41');

    const crumbs = await screen.findByRole('navigation', { name: 'Shipment status' });
    expect(within(crumbs).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Exception']);
    expect(screen.getByTestId('exception-reason').textContent).toBe('Address not found by the carrier');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete Document/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit Quantities/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Upload Document' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Add a comment' })).toBeTruthy();
  });

  it('cancels after asking in the spec words, and not when the answer is no', async () => {
    const calls = withShipment(shipment());
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderApp('/7/shipments/41');

    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByText('Shipment 41 has been cancelled')).toBeTruthy();
    expect(confirm.mock.calls).toEqual([["Are you sure you wan't to cancel shipment 41?"], ["Are you sure you wan't to cancel shipment 41?"]]);
    const crumbs = screen.getByRole('navigation', { name: 'Shipment status' });
    await waitFor(() => expect(within(crumbs).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Cancelled']));
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('shows a refused quantity beside its field and keeps what was typed', async () => {
    const calls = withShipment(shipment());
    renderApp('/7/shipments/41');

    await userEvent.click(await screen.findByRole('button', { name: 'Edit Quantities of set 1' }));
    const quantity = screen.getByLabelText('Quantity of TENT');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save Quantities' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Quantity cannot be more than the 3 requested.');
    expect(quantity.className).toContain('is-invalid');
    expect((quantity as HTMLInputElement).value).toBe('5');
    expect(calls).toEqual([{ method: 'PUT', path: 'item', body: { quantity_desired: 5 } }]);
  });
});
