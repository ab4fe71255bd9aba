import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeAccessToken } from '../../lib/auth';
import type { CurrentUser, Report, ReportRunResult } from '../../lib/models';
import { acmeUser, adminUser, sessionHandlers } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

const stockReport: Report = {
  id: 'R_CLIENT_7001',
  name: 'Stock by SKU',
  report_type: 'client',
  category: 'Receive',
  sub_category: '',
  parameters: ['sku'],
  query: 'SELECT sku, quantity FROM stock WHERE client_id = :client_id AND sku = :sku',
  created_by_username: 'root',
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

function withReports(user: CurrentUser, runResult: ReportRunResult | { status: number; body: object }) {
  const runs: { parameters: unknown; clientId: string | null }[] = [];
  const visible = user.isAdmin ? stockReport : { ...stockReport, query: undefined, created_by_username: undefined };
  storeAccessToken('token-for-tests', 3600);
  server.use(
    ...sessionHandlers(user),
    http.get('/api/v4/reports/categories', () => HttpResponse.json({ categories: ['Invoices', 'Receive'] })),
    http.get('/api/v4/reports', ({ request }) => {
      const category = new URL(request.url).searchParams.get('category');
      return HttpResponse.json({ reports: category === 'Receive' ? [visible] : [], cursor: null });
    }),
    http.get('/api/v4/reports/:id', () => HttpResponse.json(visible)),
    http.put('/api/v4/reports/:id/run', async ({ request }) => {
      runs.push({ ...((await request.json()) as { parameters: unknown }), clientId: request.headers.get('X-Client-Id') });
      return 'status' in runResult
        ? HttpResponse.json(runResult.body, { status: runResult.status })
        : HttpResponse.json(runResult);
    }),
  );
  return runs;
}

async function runStockReport(sku = 'SKU-1') {
  await userEvent.type(await screen.findByLabelText('sku'), sku);
  await userEvent.click(screen.getByRole('button', { name: 'Run' }));
}

describe('reports area', () => {
  it('leads from the categories to a category and its reports, named by number and name', async () => {
    withReports(adminUser, { fields: [], records: [], row_count: 0, truncated: false });
    renderApp('/7/reports');

    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New' }).getAttribute('href')).toBe('/7/reports/new');
    await userEvent.click(within(await screen.findByRole('navigation', { name: 'Report categories' })).getByRole('link', { name: 'Receive' }));

    expect(screen.getByTestId('location').textContent).toBe('/7/reports/Receive');
    const link = await within(await screen.findByRole('navigation', { name: 'Reports' })).findByRole('link', {
      name: '7001 Stock by SKU',
    });
    expect(link.getAttribute('href')).toBe('/7/reports/Receive/R_CLIENT_7001');
  });

  it('prefixes the title with the report type of the route', async () => {
    withReports(adminUser, { fields: [], records: [], row_count: 0, truncated: false });
    renderApp('/7/reports/list/wms');
    expect(await screen.findByRole('heading', { name: 'WMS Reports' })).toBeTruthy();
  });

  it('runs a report with its parameters for the client and shows the records', async () => {
    const runs = withReports(adminUser, {
      fields: ['sku', 'quantity'],
      records: [['SKU-1', 12]],
      row_count: 1,
      truncated: false,
    });
    renderApp('/7/reports/Receive/R_CLIENT_7001');
    await runStockReport();

    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['sku', 'quantity']);
    expect(within(table).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['SKU-1', '12']);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
    expect(runs).toEqual([{ parameters: { sku: 'SKU-1' }, clientId: '7' }]);
  });

  it("shows admins Edit, Delete, Schedules and the SQL, and client users none of them", async () => {
    withReports(adminUser, { fields: [], records: [], row_count: 0, truncated: false });
    const { unmount } = renderApp('/7/reports/Receive/R_CLIENT_7001');
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Schedules' })).toBeTruthy();
    expect(screen.getByText('SQL')).toBeTruthy();
    unmount();

    withReports(acmeUser, { fields: [], records: [], row_count: 0, truncated: false });
    renderApp('/7/reports/Receive/R_CLIENT_7001');
    expect(await screen.findByRole('heading', { name: '7001 Stock by SKU' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Schedules' })).toBeNull();
    expect(screen.queryByText('SQL')).toBeNull();
  });

  it("says 'No Results' for an empty result", async () => {
    withReports(acmeUser, { fields: ['sku', 'quantity'], records: [], row_count: 0, truncated: false });
    renderApp('/7/reports/Receive/R_CLIENT_7001');
    await runStockReport();
    expect(await screen.findByText('No Results')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers only the CSV download for a result too large for the page', async () => {
    withReports(acmeUser, { fields: ['sku', 'quantity'], records: [], row_count: 501, truncated: true });
    renderApp('/7/reports/Receive/R_CLIENT_7001');
    await runStockReport();
    expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeTruthy();
    expect(screen.getByText(/has 501 rows, more than the 500 a page shows/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the description of a failed run", async () => {
    withReports(acmeUser, { status: 422, body: { error: 'report_failed', description: 'The report failed to run.' } });
    renderApp('/7/reports/Receive/R_CLIENT_7001');
    await runStockReport();
    expect(await screen.findByText('The report failed to run.')).toBeTruthy();
  });

  it('keeps the report forms from users who are not admins', async () => {
    withReports(acmeUser, { fields: [], records: [], row_count: 0, truncated: false });
    renderApp('/7/reports/Receive/R_CLIENT_7001/edit');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
