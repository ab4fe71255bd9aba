import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeAccessToken } from '../../lib/auth';
import { acmeUser, adminUser, sessionHandlers } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';
import { aGroup } from './test-groups';
import type { ShipmentGroup } from './types';

const PROFILES = [
  { id: 5, name: 'Freight', carrier_account: { carrier_name: 'LTL' } },
  { id: 6, name: 'Labels', carrier_account: { carrier_name: 'Custom' } },
  { id: 7, name: 'Parcel', carrier_account: { carrier_name: 'UPS' } },
];
const CARRIERS = [{ id: 1, name: 'UPS', ship_methods: [{ code: 'UPS_GROUND', name: 'UPS Ground' }] }];

function withGroups(initial: ShipmentGroup, others: ShipmentGroup[] = [], user = acmeUser) {
  let current = initial;
  const calls: { path: string; body: unknown; query?: string }[] = [];
  storeAccessToken('token-for-tests', 3600);
  server.use(
    ...sessionHandlers(user),
    http.get('/api/v4/shipment_groups', ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.push({ path: 'list', body: null, query: query.toString() });
      const rows = [current, ...others].filter((group) => !query.get('status') || group.status === query.get('status'));
      return HttpResponse.json({ shipment_groups: rows.map(({ shipments: _shipments, ...row }) => row), cursor: null });
    }),
    http.get('/api/v4/shipment_groups/12', () => HttpResponse.json(current)),
    http.get('/api/v4/shipment_groups/12/comments', () => HttpResponse.json({ comments: [], cursor: null })),
    http.get('/api/v4/carriers', () => HttpResponse.json({ carriers: CARRIERS, cursor: null })),
    http.get('/api/v4/ship_profiles', () => HttpResponse.json({ ship_profiles: PROFILES, cursor: null })),
    http.put('/api/v4/shipment_groups/12/approve', () => {
      calls.push({ path: 'approve', body: null });
      current = { ...current, approved: true, can_approve: false, allowed_actions: ['cancel', 'upload_bol', 'generate_bol', 'comment'] };
      return HttpResponse.json(current);
    }),
    http.put('/api/v4/shipment_groups/12/cancel', () => {
      calls.push({ path: 'cancel', body: null });
      current = { ...current, status: 'canceled', allowed_actions: ['comment'] };
      return HttpResponse.json(current);
    }),
    http.post('/api/v4/shipment_groups/:id/shipments', async ({ params, request }) => {
      calls.push({ path: `move-into-${params.id}`, body: await request.json() });
      current = { ...current, shipments_count: 1, shipment_ids: [42], shipments: current.shipments.slice(1) };
      return HttpResponse.json(others.find((group) => String(group.id) === params.id));
    }),
    http.put('/api/v4/shipment_groups/12/ship_method', async ({ request }) => {
      calls.push({ path: 'ship_method', body: await request.json() });
      return HttpResponse.json(current);
    }),
    http.post('/api/v4/shipment_groups/12/shipments/41/remove', async ({ request }) => {
      calls.push({ path: 'remove', body: await request.json() });
      return HttpResponse.json(current);
    }),
  );
  return calls;
}

describe('the LTL screens', () => {
  afterEach(() => vi.restoreAllMocks());

  // The rows themselves are drawn by the virtual list only where there is layout: the e2e test reads them.
  it('lists the groups by tab with the spec columns, Needs Approval asking for needsApproval', async () => {
    const calls = withGroups(aGroup());
    renderApp('/7/ltl');

    await waitFor(() => expect(calls.map((call) => call.query)).toEqual(['limit=500']));
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'ID', 'Ship To', 'Warehouse', 'Inventory Allocated', 'BOL', 'Approved', 'Desired Ship Date', 'Status', 'Shipments',
    ]);
    await userEvent.click(screen.getByRole('link', { name: 'Needs Approval' }));
    await waitFor(() => expect(calls.at(-1)?.query).toBe('needsApproval=true&limit=500'));
    expect(screen.getByRole('link', { name: 'Needs Approval' }).className).toContain('active');
  });

  it('approves, and cancels only after the spec question is answered yes', async () => {
    const calls = withGroups(aGroup());
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderApp('/7/ltl/12');

    expect(await screen.findByRole('heading', { name: 'LTL' })).toBeTruthy();
    expect(screen.getByTestId('check-bol').textContent).toContain('BOL required to complete processing.');
    expect(screen.queryByRole('form', { name: 'Change carrier method' })).toBeNull(); // edit_method is the admins'
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Shipment group 12 has been approved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.map((call) => call.path)).toEqual(['approve']);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Shipment group 12 has been cancelled')).toBeTruthy();
    expect(confirm.mock.calls).toEqual([
      ["Are you sure you wan't to cancel this group 12 and all the shipments?"],
      ["Are you sure you wan't to cancel this group 12 and all the shipments?"],
    ]);
    await waitFor(() => expect(screen.getByTestId('group-status').textContent).toBe('Cancelled'));
    expect(screen.queryByRole('form', { name: 'Upload Bill of Lading' })).toBeNull();
  });

  it('refuses a BOL upload without a file, and takes only .pdf files', async () => {
    withGroups(aGroup());
    renderApp('/7/ltl/12');

    const form = await screen.findByRole('form', { name: 'Upload Bill of Lading' });
    await userEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a file');
    expect(within(form).getByLabelText('BOL File').getAttribute('accept')).toBe('.pdf,application/pdf');
  });

  it('keeps a shipped group BOL to download, with no form, and shows its master tracking', async () => {
    const bol = { name: 'BOL-7-12-1.pdf', external_id: null, format: 'pdf', generated: true, bol_number: 'BOL-7-12-1', size: 900, created_at: '2030-03-02T10:00:00Z', created_by_username: 'wile' };
    withGroups(aGroup({ status: 'shipped', approved: true, bol, master_tracking_id: 'PRO-123', allowed_actions: ['comment'] }));
    renderApp('/7/ltl/12');

    expect(await screen.findByRole('button', { name: 'Download BOL-7-12-1.pdf' })).toBeTruthy();
    expect(screen.getByTestId('master-tracking').textContent).toBe('PRO-123');
    expect(screen.getByTestId('group-status').textContent).toBe('Shipped');
    expect(screen.queryByRole('form', { name: 'Upload Bill of Lading' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate BOL' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('moves a shipment into another open group of the warehouse and says so', async () => {
    const calls = withGroups(aGroup(), [aGroup({ id: 13, shipments: [] }), aGroup({ id: 14, warehouse_id: 'CA01', shipments: [] })]);
    renderApp('/7/ltl/12');

    await userEvent.click(await screen.findByRole('button', { name: 'Move To Shipment Group... (shipment 41)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Shipment 41 To Shipment Group' });
    const picker = await within(dialog).findByLabelText('Shipment Group');
    expect(within(picker).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['', '13']);
    await userEvent.selectOptions(picker, '13');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));

    expect(await screen.findByText('Shipment group is being approved.')).toBeTruthy();
    expect(calls.find((call) => call.path === 'move-into-13')?.body).toEqual({ shipmentId: 41 });
    expect(calls.find((call) => call.path === 'list')?.query).toBe('status=validating&limit=500');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Move To Shipment Group... (shipment 41)' })).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/7/ltl/12');
  });

  it('shows a refused move in the dialog, the group left as it was', async () => {
    withGroups(aGroup(), [aGroup({ id: 13, shipments: [] })]);
    server.use(
      http.post('/api/v4/shipment_groups/13/shipments', () =>
        HttpResponse.json({ error: 'invalid_group', description: 'Shipment group 13 is approved: nothing moves into it.' }, { status: 409 }),
      ),
    );
    renderApp('/7/ltl/12');

    await userEvent.click(await screen.findByRole('button', { name: 'Move To Shipment Group... (shipment 41)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Shipment 41 To Shipment Group' });
    await userEvent.selectOptions(await within(dialog).findByLabelText('Shipment Group'), '13');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Shipment group 13 is approved: nothing moves into it.');
    expect(screen.getByRole('button', { name: 'Move To Shipment Group... (shipment 41)', hidden: true })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/7/ltl/12');
  });

  it('leaves a group whose last shipment moved for the list', async () => {
    withGroups(aGroup({ shipments_count: 1, shipment_ids: [41], shipments: aGroup().shipments.slice(0, 1) }), [aGroup({ id: 13, shipments: [] })]);
    renderApp('/7/ltl/12');

    await userEvent.click(await screen.findByRole('button', { name: 'Move To Shipment Group... (shipment 41)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Shipment 41 To Shipment Group' });
    await userEvent.selectOptions(await within(dialog).findByLabelText('Shipment Group'), '13');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/7/ltl'));
    expect(await screen.findByText('Shipment group is being approved.')).toBeTruthy();
  });

  it('lets an admin change the carrier method of the whole load', async () => {
    const calls = withGroups(aGroup({ allowed_actions: ['edit_method', 'comment'] }), [], adminUser);
    renderApp('/7/ltl/12');

    const form = await screen.findByRole('form', { name: 'Change carrier method' });
    expect((within(form).getByLabelText('Ship Profile') as HTMLSelectElement).value).toBe('5');
    await userEvent.selectOptions(within(form).getByLabelText('Ship Profile'), '7');
    await userEvent.selectOptions(within(form).getByLabelText('Ship Method'), 'UPS_GROUND');
    await userEvent.click(within(form).getByRole('button', { name: 'Change Carrier Method' }));

    expect(await screen.findByText('Ship method changed')).toBeTruthy();
    expect(calls.find((call) => call.path === 'ship_method')?.body).toEqual({ ship_profile_id: 7, ship_method: 'UPS_GROUND' });
  });

  it('is not offered to a client below version 2', async () => {
    withGroups(aGroup(), [], adminUser);
    renderApp('/3/ltl/12');

    expect(await screen.findByText(/This page is not available for this client/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'LTL' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('removes a shipment by a parcel profile, billed to the sender unless chosen otherwise', async () => {
    const calls = withGroups(aGroup());
    renderApp('/7/ltl/12');

    await userEvent.click(await screen.findByRole('button', { name: 'Remove From Shipment Group (shipment 41)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Shipment 41 From Shipment Group' });
    const profile = within(dialog).getByLabelText(/Ship Profile/);
    expect(within(profile).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a profile', 'UPS · Parcel']);
    expect((within(dialog).getByLabelText('Billing Type') as HTMLSelectElement).value).toBe('sender');
    await userEvent.selectOptions(profile, '7');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Ship Method/), 'UPS_GROUND');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove From Shipment Group' }));

    expect(await screen.findByText('Shipment 41 removed from shipment group 12')).toBeTruthy();
    expect(calls.find((call) => call.path === 'remove')?.body).toEqual({
      ship_profile_id: 7, ship_method: 'UPS_GROUND', billing_type: 'sender', billing_account: null, billing_postal_code: null,
    });
  });
});
