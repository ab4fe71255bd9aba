import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeAccessToken } from '../../lib/auth';
import type { Job } from '../../lib/models';
import { acmeUser, sessionHandlers } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

const acceptedJob: Job = {
  id: 'job-5',
  kind: 'import_items',
  state: 'succeeded',
  total: 2,
  processed: 2,
  succeeded: 1,
  failed: 1,
  results: [{ line: 3, status: 'failed', error: 'sku is required.' }],
  error: null,
  requested_by: 'wile',
  created_at: '2026-01-01T00:00:00Z',
  started_at: '2026-01-01T00:00:00Z',
  finished_at: '2026-01-01T00:00:01Z',
  result_mail: null,
};

interface Call {
  url: URL;
  /** Parsed JSON, or the text of a CSV file. */
  body: unknown;
  contentType: string | null;
  idempotencyKey: string | null;
  clientId: string | null;
}

function recordCalls(method: 'post', path: string, answer: (call: Call, calls: Call[]) => Response) {
  const calls: Call[] = [];
  server.use(
    http[method](path, async ({ request }) => {
      const contentType = request.headers.get('Content-Type');
      const call = {
        url: new URL(request.url),
        body: contentType?.startsWith('text/csv') ? await request.text() : await request.json(),
        contentType,
        idempotencyKey: request.headers.get('Idempotency-Key'),
        clientId: request.headers.get('X-Client-Id'),
      };
      calls.push(call);
      return answer(call, calls);
    }),
    http.get('/api/v4/jobs/job-5', () => HttpResponse.json(acceptedJob)),
  );
  return calls;
}

function signIn() {
  storeAccessToken('token-for-tests', 3600);
  server.use(...sessionHandlers(acmeUser));
}

function csv(text: string, name = 'upload.csv') {
  return new File([text], name, { type: 'text/csv' });
}

// Each test renders the whole app; under load the first render alone can take seconds.
describe('upload pages', () => {
  it('names wrong headers before anything is sent and offers no upload', async () => {
    signIn();
    renderApp('/7/asns/upload');

    await userEvent.upload(await screen.findByLabelText('CSV file'), csv('Warehouse ID,ASN ID,UPC,Quantiy\nCA01,A-1,111,4\n'));

    expect(await screen.findByText("Unknown column 'Quantiy' (did you mean 'Quantity'?).")).toBeTruthy();
    expect(screen.getByText("Missing column 'Quantity'.")).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Check file' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows rows the browser cannot read as 'Row {n}: {message}' and marks them in the preview", async () => {
    signIn();
    renderApp('/7/asns/upload');

    await userEvent.upload(
      await screen.findByLabelText('CSV file'),
      csv('Warehouse ID,ASN ID,UPC,Quantity\nCA01,A-1,111,4\nCA01,A-1,222\n'),
    );

    const problems = await screen.findByLabelText('Problems in the file');
    expect(within(problems).getByText('Row 3: Too few fields: expected 4 fields but parsed 3')).toBeTruthy();
    const preview = screen.getByRole('table', { name: 'File preview' });
    expect(within(preview).getByText('Too few fields: expected 4 fields but parsed 3')).toBeTruthy();
    expect(within(preview).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Line', 'Problems', 'Warehouse ID', 'ASN ID', 'UPC', 'Quantity',
    ]);
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows 'No data in file!' for a file with only its header", async () => {
    signIn();
    renderApp('/7/rmas/upload');

    await userEvent.upload(await screen.findByLabelText('CSV file'), csv('fulfillment_request_id,order_id\r\n'));

    expect(await screen.findByText('No data in file!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });

  it('checks a file, shows its row errors, then uploads the valid rows only after confirmation', async () => {
    signIn();
    const calls = recordCalls('post', '/api/v4/items/bulk', ({ url }) => {
      if (url.searchParams.get('validateOnly') === 'true') {
        return HttpResponse.json({
          valid: false,
          rows: 2,
          would_create: 1,
          would_update: 0,
          errors: [{ line: 3, error: 'sku is required.' }],
        });
      }
      if (url.searchParams.get('validRowsOnly') === 'true') return HttpResponse.json({ ...acceptedJob, state: 'queued' }, { status: 202 });
      return HttpResponse.json(
        {
          error: 'invalid_rows',
          description: 'The file has 1 invalid rows; nothing was applied.',
          errors: [{ line: 3, error: 'sku is required.' }],
        },
        { status: 422 },
      );
    });
    renderApp('/7/item_types/new_bulk');

    await userEvent.upload(await screen.findByLabelText('CSV file'), csv('upc,sku,name\n111,T-1,"Tent, 2 person"\n222,,Stove\n'));
    const preview = await screen.findByRole('table', { name: 'File preview' });
    expect(within(preview).getByText('Tent, 2 person')).toBeTruthy();
    expect(screen.getByText(/2 rows, read as UTF-8/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const rowErrors = await screen.findByLabelText('Row errors');
    expect(within(rowErrors).getByText('The file has 1 invalid rows; nothing was applied.')).toBeTruthy();
    expect(within(rowErrors).getByText('Line 3. Error sku is required.')).toBeTruthy();
    expect(within(preview).getByText('sku is required.')).toBeTruthy();

    await userEvent.click(within(rowErrors).getByRole('button', { name: 'Upload valid rows only' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/1 of 2 rows have errors and will be skipped; 1 other row will be applied\./)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload valid rows' }));

    expect(await screen.findByText('You will receive an email with results when the load completes')).toBeTruthy();
    expect(await screen.findByText('Status:', { exact: false })).toBeTruthy();
    expect(await screen.findByText('Line 3. Error sku is required.')).toBeTruthy();

    expect(calls.map((call) => [call.url.searchParams.toString(), call.clientId])).toEqual([
      ['runAsync=true&fileName=upload.csv', '7'],
      ['runAsync=true&validateOnly=true', '7'],
      ['runAsync=true&validRowsOnly=true&fileName=upload.csv', '7'],
    ]);
    // The file itself, as the preview read it: UTF-8, CRLF, quoted where a cell needs it.
    expect(calls[0].contentType).toBe('text/csv;charset=utf-8');
    expect(calls[0].body).toBe('upc,sku,name\r\n111,T-1,"Tent, 2 person"\r\n222,,Stove\r\n');
    expect(calls[2].body).toBe(calls[0].body);
    expect(calls[1].idempotencyKey).toBeNull();
    expect(calls[0].idempotencyKey).toMatch(/:all-rows$/);
    expect(calls[2].idempotencyKey).toMatch(/:valid-rows-only$/);
  });

  it('sends the bulk fulfillment request file itself as CSV and says the upload succeeded', async () => {
    signIn();
    server.use(
      http.get('/api/v4/fulfillment_requests/bulk/columns', () =>
        HttpResponse.json({
          columns: ['fulfillment_request_id', 'to_name', 'upc', 'quantity'].map((name) => ({
            name,
            description: `About ${name}`,
            required: name !== 'to_name',
          })),
        }),
      ),
    );
    const calls = recordCalls('post', '/api/v4/fulfillment_requests/bulk', ({ url }) =>
      url.searchParams.get('validateOnly') === 'true'
        ? HttpResponse.json({ valid: true, rows: 3, would_create: 2, would_update: 0, errors: [] })
        : HttpResponse.json({ ...acceptedJob, kind: 'import_fulfillment_requests' }, { status: 202 }),
    );
    renderApp('/7/fulfillment_requests/new_bulk');
    // The page waits for the columns before it offers the file field; a busy machine takes its time.
    const field = await screen.findByLabelText('CSV file');

    const file = 'fulfillment_request_id,to_name,upc,quantity\nFR-1,"Doe, Pat",TENT,2\nFR-1,"Doe, Pat",STOVE,1\nFR-2,Lee,TENT,1\n';
    await userEvent.upload(field, csv(file, 'orders.csv'));
    await userEvent.click(await screen.findByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('The file is valid. 3 rows: 2 fulfillment requests would be created. Nothing has been applied yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Bulk fulfillment request upload success')).toBeTruthy();
    expect(calls.map((call) => [call.url.searchParams.toString(), call.contentType])).toEqual([
      ['validateOnly=true', 'text/csv;charset=utf-8'],
      ['fileName=orders.csv', 'text/csv;charset=utf-8'],
    ]);
    expect(calls[1].body).toBe('fulfillment_request_id,to_name,upc,quantity\r\nFR-1,"Doe, Pat",TENT,2\r\nFR-1,"Doe, Pat",STOVE,1\r\nFR-2,Lee,TENT,1\r\n');
    expect(calls[0].body).toBe(calls[1].body);
  });

  it('sends a retried upload of the same file with the same Idempotency-Key', async () => {
    signIn();
    const calls = recordCalls('post', '/api/v2/inbound/client_upload', (_call, all) =>
      all.length === 1 ? HttpResponse.error() : HttpResponse.json({ ...acceptedJob, kind: 'import_inbound' }, { status: 202 }),
    );
    renderApp('/7/asns/upload');

    await userEvent.upload(await screen.findByLabelText('CSV file'), csv("Warehouse ID,ASN ID,UPC,Quantity\nCA01,A-1,'012345678905,4\n"));
    expect(await screen.findByText("'012345678905")).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('You will receive an email with results when the load completes')).toBeTruthy();
    expect(calls).toHaveLength(2);
    expect(calls[1].idempotencyKey).toBe(calls[0].idempotencyKey);
    expect(calls[0].body).toEqual({ lines: [{ 'Warehouse ID': 'CA01', 'ASN ID': 'A-1', UPC: "'012345678905", Quantity: '4' }] });
  });

  it('sends the RMA rows grouped, each item with its CSV line', async () => {
    signIn();
    const calls = recordCalls('post', '/api/v4/rmas/bulk', () =>
      HttpResponse.json({ valid: true, rows: 2, would_create: 1, would_update: 0, errors: [] }),
    );
    renderApp('/7/rmas/upload');

    const file = [
      'fulfillment_request_id,order_id,reason,warehouse_id,rma_id,carrier_id,tracking_id,expected_arrival_date,upc,quantity,reason_code,reason_notes',
      'FR-1,ORD-1,Damaged,CA01,RMA-1,UPS,1Z1,2026-12-01,111,2,DMG,Torn',
      'FR-1,ORD-1,Damaged,CA01,RMA-1,UPS,1Z1,2026-12-01,222,1,DMG,',
    ].join('\r\n');
    await userEvent.upload(await screen.findByLabelText('CSV file'), csv(file));
    await userEvent.click(await screen.findByRole('button', { name: 'Check file' }));

    expect(await screen.findByText('The file is valid. 2 lines: 1 RMA would be created. Nothing has been applied yet.')).toBeTruthy();
    expect(calls[0].body).toEqual({
      rmas: [
        {
          warehouse_id: 'CA01',
          rma_id: 'RMA-1',
          reason: 'Damaged',
          fulfillment_request_id: 'FR-1',
          order_id: 'ORD-1',
          expected_inbound_shipments: [
            {
              tracking_id: '1Z1',
              expected_arrival_date: '2026-12-01',
              carrier_id: 'UPS',
              items: [
                { upc: '111', quantity: '2', reason_code: 'DMG', reason_notes: 'Torn', line: 2 },
                { upc: '222', quantity: '1', reason_code: 'DMG', reason_notes: '', line: 3 },
              ],
            },
          ],
        },
      ],
    });
  });
});
