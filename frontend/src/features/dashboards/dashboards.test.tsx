import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeAccessToken } from '../../lib/auth';
import { acmeUser, sessionHandlers } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';
import { alertCount, raisedAlerts } from './alerts';
import { axisTicks } from './components/StatusChart';
import type { OrdersDashboardData } from './types';
import { shade } from './us-states';

const NO_ALERTS = {
  invalid_address: 0, fraud_approval_required: 0, groups_require_approval: 0, missing_customs_info: 0,
  shipments_missing_inventory: 0,
};

function withOrdersDashboard(data: OrdersDashboardData) {
  storeAccessToken('token-for-tests', 3600);
  server.use(...sessionHandlers(acmeUser), http.get('/api/v4/dashboards/orders', () => HttpResponse.json(data)));
}

describe('orders dashboard', () => {
  it('is where the client root leads, with each total broken down by warehouse and the alerts linking to their lists', async () => {
    withOrdersDashboard({
      orders_per_warehouse_summary: [
        { warehouse: 'NJ01', pending: 12, will_ship_today: 5, shipped_today: 30 },
        { warehouse: 'TX01', pending: 3, will_ship_today: 1, shipped_today: 7 },
      ],
      order_alerts: { ...NO_ALERTS, invalid_address: 2, groups_require_approval: 1 },
      orders_status_per_warehouse: [
        { warehouse: 'NJ01', status: 'processing', count: 4 },
        { warehouse: 'TX01', status: 'delivered', count: 9 },
      ],
    });
    renderApp('/7');

    const unfilled = await screen.findByRole('region', { name: 'All Unfilled Shipments' });
    expect(within(unfilled).getByTestId('total-pending').textContent).toBe('15');
    expect(within(unfilled).getByRole('row', { name: 'NJ01 12' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Shipped Today' })).getByTestId('total-shipped_today').textContent).toBe('37');
    const alerts = screen.getByRole('region', { name: 'Order Alerts' });
    expect(within(alerts).getByRole('link', { name: /Invalid address/ }).getAttribute('href')).toBe(
      '/7/fulfillment_requests?tab=Invalid+Address&status=validating',
    );
    expect(within(alerts).getByRole('link', { name: /LTL groups needing approval/ }).getAttribute('href')).toBe('/7/ltl?needsApproval=true');
    expect(within(alerts).queryByRole('link', { name: /Fraud/ })).toBeNull();
    expect(screen.getByTestId('status-chart').querySelector('[data-bar="TX01 delivered"] title')?.textContent).toBe('TX01 Delivered: 9');
  });

  it('says None when nothing needs attention', async () => {
    withOrdersDashboard({ orders_per_warehouse_summary: [], order_alerts: NO_ALERTS, orders_status_per_warehouse: [] });
    renderApp('/7/dashboards/orders');

    const alerts = await screen.findByRole('region', { name: 'Order Alerts' });
    expect(within(alerts).getByText('None')).toBeTruthy();
    expect(screen.getByText('No shipments in the last 30 days.')).toBeTruthy();
  });
});

describe('dashboard pieces', () => {
  it('raises only the alerts with a count', () => {
    expect(raisedAlerts({ ...NO_ALERTS, missing_customs_info: 3 }).map((alert) => [alert.label, alert.count])).toEqual([
      ['Missing customs info', 3],
    ]);
  });

  it('shows a count past the cap as more', () => {
    expect([alertCount(1000), alertCount(1001)]).toEqual(['1,000', '1,000+']);
  });

  it('steps the chart axis in round numbers past the highest count', () => {
    expect(axisTicks(9)).toEqual([0, 5, 10]);
    expect(axisTicks(1234)).toEqual([0, 500, 1000, 1500]);
    expect(axisTicks(0)).toEqual([0, 1]);
  });

  it('shades no shipments lightest and the most darkest', () => {
    expect(shade(0, 10)).toBe('#f8f9fa');
    expect(shade(10, 10)).toBe('rgb(8, 69, 148)');
  });
});
