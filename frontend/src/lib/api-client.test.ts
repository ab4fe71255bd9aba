import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../test/server';
import { apiRequest, dispositionFileName } from './api-client';
import { storeAccessToken } from './auth';

describe('apiRequest', () => {
  afterEach(() => localStorage.clear());

  it('reports a server error with the failed call and its request id', async () => {
    storeAccessToken('token-1', 3600);
    const reports: unknown[] = [];
    let reported: () => void = () => undefined;
    const reportArrived = new Promise<void>((resolve) => {
      reported = resolve;
    });
    server.use(
      http.get('/api/v4/users', () =>
        HttpResponse.json({ error: 'internal_error', description: 'An internal error occurred.' }, {
          status: 502,
          headers: { 'X-Request-Id': 'req-42' },
        }),
      ),
      http.post('/api/v4/logs/server_errors', async ({ request }) => {
        expect(request.headers.get('Authorization')).toBe('Bearer token-1');
        reports.push(await request.json());
        reported();
        return new HttpResponse(null, { status: 204 });
      }),
    );

    await expect(apiRequest('/api/v4/users', { query: { limit: 5 }, clientId: '7' })).rejects.toThrow(
      'An internal error occurred.',
    );
    await reportArrived;

    expect(reports).toEqual([
      { status: 502, method: 'GET', url: '/api/v4/users?limit=5', request_id: 'req-42', page: '/' },
    ]);
  });

  it('does not report client errors', async () => {
    storeAccessToken('token-1', 3600);
    const reports: unknown[] = [];
    server.use(
      http.get('/api/v4/users', () => HttpResponse.json({ error: 'not_found', description: 'User not found.' }, { status: 404 })),
      http.post('/api/v4/logs/server_errors', () => {
        reports.push('report');
        return new HttpResponse(null, { status: 204 });
      }),
    );

    await expect(apiRequest('/api/v4/users')).rejects.toThrow('User not found.');
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(reports).toEqual([]);
  });
});

describe('dispositionFileName', () => {
  it('reads a quoted, a bare and a UTF-8 encoded file name', () => {
    expect(dispositionFileName('attachment; filename="packing list.pdf"')).toBe('packing list.pdf');
    expect(dispositionFileName('attachment; filename=label.png')).toBe('label.png');
    expect(dispositionFileName(`attachment; filename="a.pdf"; filename*=UTF-8''Lieferschein%20%C3%BC.pdf`)).toBe('Lieferschein ü.pdf');
    expect(dispositionFileName('attachment; filename="say \\"hi\\".pdf"')).toBe('say "hi".pdf');
  });

  it('answers null without a header or a name', () => {
    expect(dispositionFileName(null)).toBeNull();
    expect(dispositionFileName('inline')).toBeNull();
  });
});
