import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeAccessToken } from '../../lib/auth';
import { acmeUser, sessionHandlers } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

function withAsnReport(answer: () => Response) {
  const requests: { clientId: string | null; body: unknown }[] = [];
  storeAccessToken('token-for-tests', 3600);
  server.use(
    ...sessionHandlers(acmeUser),
    http.put('/api/v4/reports/R_FMS_5458/run', async ({ request }) => {
      requests.push({ clientId: request.headers.get('X-Client-Id'), body: await request.json() });
      return answer();
    }),
  );
  return requests;
}

describe('ASN view', () => {
  it("runs 'Display ASNs' for the client and lists its ASNs", async () => {
    const requests = withAsnReport(() =>
      HttpResponse.json({
        fields: ['id', 'ASN ID', 'warehouse'],
        records: [[4, 'PO-1001', 'NJ01']],
        row_count: 1,
        truncated: false,
      }),
    );
    renderApp('/7/asns/list');

    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['4', 'PO-1001', 'NJ01']);
    expect(requests).toEqual([{ clientId: '7', body: { parameters: {} } }]);
  });

  it("shows the error's description", async () => {
    withAsnReport(() =>
      HttpResponse.json({ error: 'not_found', description: 'Report R_FMS_5458 was not found.' }, { status: 404 }),
    );
    renderApp('/7/asns/list');
    expect(await screen.findByText('Report R_FMS_5458 was not found.')).toBeTruthy();
  });

  it('shows a fixed message for an error without a description', async () => {
    withAsnReport(() => new HttpResponse('Bad Gateway', { status: 502 }));
    server.use(http.post('/api/v4/logs/server_errors', () => new HttpResponse(null, { status: 204 })));
    renderApp('/7/asns/list');
    expect(await screen.findByText('An unexpected error occurred while fetching the report.')).toBeTruthy();
  });
});
