import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { CRON_PREVIEW_DEBOUNCE_MS, CronPreview } from './CronPreview';

const HOURLY = ['2025-02-03T10:00:00Z', '2025-02-03T11:00:00Z', '2025-02-03T12:00:00Z', '2025-02-03T13:00:00Z', '2025-02-03T14:00:00Z'];

function previewServer() {
  const asked: { crontab: string | null; timeZone: string | null }[] = [];
  server.use(
    http.get('/api/v4/reports/cron_preview', ({ request }) => {
      const url = new URL(request.url);
      const crontab = url.searchParams.get('crontab');
      asked.push({ crontab, timeZone: url.searchParams.get('time_zone') });
      return crontab === '0 0 * * * ?'
        ? HttpResponse.json({ next_fire_times: HOURLY, error: null })
        : HttpResponse.json({ next_fire_times: [], error: 'Day-of-week value 8 is out of range 1-7 (1 = SUN).' });
    }),
  );
  return asked;
}

function CrontabField({ timeZone }: { timeZone: string }) {
  const [crontab, setCrontab] = useState('');
  return (
    <>
      <label htmlFor="crontab">Crontab</label>
      <input id="crontab" value={crontab} onChange={(event) => setCrontab(event.target.value)} />
      <CronPreview crontab={crontab} timeZone={timeZone} />
    </>
  );
}

/** Lets the debounce delay pass and the answer arrive. */
async function pause() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(CRON_PREVIEW_DEBOUNCE_MS + 100);
  });
}

describe('CronPreview', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks once typing pauses and lists the next five fire times in the time zone', async () => {
    const asked = previewServer();
    renderWithProviders(<CrontabField timeZone="America/New_York" />);
    for (const typed of ['0', '0 0', '0 0 * * *', '0 0 * * * ?']) {
      fireEvent.change(screen.getByLabelText('Crontab'), { target: { value: typed } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(CRON_PREVIEW_DEBOUNCE_MS / 2);
      });
    }
    expect(asked).toHaveLength(0);

    await pause();
    const times = screen.getAllByRole('listitem');
    expect(times.map((item) => item.textContent)).toEqual([
      'Mon, Feb 3, 2025, 05:00:00 EST',
      'Mon, Feb 3, 2025, 06:00:00 EST',
      'Mon, Feb 3, 2025, 07:00:00 EST',
      'Mon, Feb 3, 2025, 08:00:00 EST',
      'Mon, Feb 3, 2025, 09:00:00 EST',
    ]);
    expect(asked).toEqual([{ crontab: '0 0 * * * ?', timeZone: 'America/New_York' }]);
  });

  it("shows the server's message for an invalid crontab", async () => {
    previewServer();
    renderWithProviders(<CronPreview crontab="0 0 12 ? * 8" timeZone="UTC" />);
    await pause();
    expect(screen.getByText('Day-of-week value 8 is out of range 1-7 (1 = SUN).')).toBeTruthy();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('asks nothing for a blank crontab', async () => {
    const asked = previewServer();
    const { container } = renderWithProviders(<CronPreview crontab="  " timeZone="UTC" />);
    await pause();
    expect(asked).toHaveLength(0);
    expect(container.textContent).toBe('');
  });
});
