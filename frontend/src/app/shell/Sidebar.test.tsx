import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Grant } from '../../lib/current-user';
import { Sidebar } from './Sidebar';

function renderSidebar({ clientVersion = 1, isAdmin = false, grants = null as Grant[] | null } = {}) {
  render(
    <MemoryRouter initialEntries={['/7']}>
      <Sidebar
        clientId="7"
        clientVersion={clientVersion}
        isAdmin={isAdmin}
        can={(grant) => grants === null || grants.includes(grant)}
        userName="Wile E. Coyote"
      />
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

const linkNames = (sidebar: ReturnType<typeof renderSidebar>) =>
  sidebar.getAllByRole('link').map((link) => link.textContent);

describe('Sidebar', () => {
  it('lists every group and child in order, relative to the client', () => {
    const sidebar = renderSidebar({ clientVersion: 2, isAdmin: true });
    expect(linkNames(sidebar)).toEqual([
      'Dashboard',
      'Orders',
      'Shipments',
      'Products',
      'Receive',
      'View ASNs',
      'Upload ASN',
      'Fulfillment Requests',
      'LTL',
      'Customer Returns',
      'Upload RMAs',
      'Invoices',
      'Reports',
      'Users',
      'Shopify',
      'API Reference',
      'Switch Client',
      'Logout',
    ]);
    expect(sidebar.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/7/dashboards');
    expect(sidebar.getByRole('link', { name: 'Shipments' }).getAttribute('href')).toBe('/7/dashboards/shipments');
    expect(sidebar.getByRole('link', { name: 'Products' }).getAttribute('href')).toBe('/7/item_types');
    expect(sidebar.getByRole('link', { name: 'Receive' }).getAttribute('href')).toBe('/7/reports/Receive');
    expect(sidebar.getByRole('link', { name: 'View ASNs' }).getAttribute('href')).toBe('/7/asns/list');
    expect(sidebar.getByRole('link', { name: 'Customer Returns' }).getAttribute('href')).toBe('/7/reports/Customer%20Returns');
    expect(sidebar.getByRole('link', { name: 'Invoices' }).getAttribute('href')).toBe('/7/reports/Invoices');
    expect(sidebar.getByRole('link', { name: 'LTL' }).getAttribute('href')).toBe('/7/ltl');
    expect(sidebar.getByRole('link', { name: 'Switch Client' }).getAttribute('href')).toBe('/');
  });

  it('opens the API reference in a new tab', () => {
    const apiReference = renderSidebar({ clientVersion: 2 }).getByRole('link', { name: 'API Reference' });
    expect(apiReference.getAttribute('href')).toBe('/api_reference');
    expect(apiReference.getAttribute('target')).toBe('_blank');
  });

  it('hides LTL and API Reference below client version 2', () => {
    const sidebar = renderSidebar({ clientVersion: 1 });
    expect(sidebar.queryByRole('link', { name: 'LTL' })).toBeNull();
    expect(sidebar.queryByRole('link', { name: 'API Reference' })).toBeNull();
    expect(sidebar.getByRole('link', { name: 'Fulfillment Requests' })).toBeTruthy();
  });

  it('leaves out the pages the user may not open', () => {
    const sidebar = renderSidebar({ clientVersion: 2, grants: ['create:items', 'write:asns'] });
    expect(linkNames(sidebar)).toEqual([
      'Dashboard',
      'Orders',
      'Shipments',
      'Products',
      'Receive',
      'Upload ASN',
      'Fulfillment Requests',
      'LTL',
      'Customer Returns',
      'Users',
      'Shopify',
      'API Reference',
      'Logout',
    ]);
  });

  it('shows Switch Client to admins only', () => {
    expect(renderSidebar({ isAdmin: false }).queryByRole('link', { name: 'Switch Client' })).toBeNull();
  });

  it("shows the user's name in the footer", () => {
    expect(renderSidebar().getByText('Wile E. Coyote')).toBeTruthy();
  });
});
