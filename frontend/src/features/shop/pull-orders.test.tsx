import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopConnection } from '../../lib/models';
import { storeAccessToken } from '../../lib/auth';
import { acmeUser, sessionHandlers } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';
import type { ShopOrder } from './api/get-shop-orders';

const connected: ShopConnection = {
  connected: true,
  shop_name: 'acme-outdoor.myshopify.com',
  admin_url: 'https://acme-outdoor.myshopify.com/admin',
  installed_at: '2026-11-01T10:00:00',
  reauthenticate_url: '/shopify/authorize?shop=acme-outdoor.myshopify.com',
  app_configured: true,
};

const open: ShopOrder = {
  shop_order_id: '5001', name: '#5001', created_at: '2026-11-27T10:00:00Z', ship_to: 'Pat Doe, Brooklyn, NY, US',
  lines: 2, risk_recommendation: 'accept', fulfillment_request_id: null,
};

function withOrders(orders: () => Response) {
  storeAccessToken('token-for-tests', 3600);
  const pulled: unknown[] = [];
  server.use(
    ...sessionHandlers(acmeUser),
    http.get('/api/v4/shopify/connection', () => HttpResponse.json(connected)),
    http.get('/api/v4/shopify/orders', orders),
    http.post('/api/v2/orders/get_from_shopify', async ({ request }) => {
      pulled.push(await request.json());
      return HttpResponse.json({ shop_order_id: '5001', order_name: '#5001', result: 'imported', fulfillment_request_id: 41 });
    }),
  );
  return pulled;
}

afterEach(() => sessionStorage.clear());

describe('Pull Order From Shopify', () => {
  it('pulls one order by its id and links the request it became', async () => {
    const pulled = withOrders(() => HttpResponse.json({ orders: [open], cursor: null }));
    renderApp('/7/shopify/get_order');

    expect(await screen.findByRole('cell', { name: '#5001' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Order ID'), '5001');
    await userEvent.click(screen.getByRole('button', { name: 'Pull' }));

    const link = await screen.findByRole('link', { name: 'fulfillment request 41' });
    expect(link.getAttribute('href')).toBe('/7/fulfillment_requests/41');
    expect(pulled).toEqual([{ order_id: '5001' }]);
  });

  it('says to reauthenticate when the shop refuses the token', async () => {
    withOrders(() => HttpResponse.json(
      { error: 'shop_reauthentication_required', description: 'The shop refused the portal\'s access; reauthenticate the shop app.' },
      { status: 409 },
    ));
    renderApp('/7/shopify/get_order');

    const link = await screen.findByRole('link', { name: 'Reauthenticate the shop' });
    expect(link.getAttribute('href')).toBe('/7/shopify');
  });
});
