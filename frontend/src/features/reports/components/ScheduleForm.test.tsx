import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ReportType } from '../../../lib/models';
import { renderWithProviders } from '../../../test/render';
import { server } from '../../../test/server';
import { newScheduleValues, type ScheduleFormValues } from '../schedule-form-values';
import { ScheduleForm } from './ScheduleForm';

function renderForm(reportType: ReportType) {
  const onSubmit = vi.fn<(values: ScheduleFormValues) => Promise<void>>().mockResolvedValue();
  server.use(
    http.get('/api/v4/reports/cron_preview', () =>
      HttpResponse.json({ next_fire_times: ['2025-02-03T10:00:00Z'], error: null }),
    ),
  );
  renderWithProviders(
    <ScheduleForm reportType={reportType} initialValues={newScheduleValues('Display ASNs')} onSubmit={onSubmit} />,
  );
  return onSubmit;
}

describe('ScheduleForm', () => {
  it("starts a new schedule inactive, suppressing empty results, named after the report, in UTC", () => {
    renderForm('client');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Display ASNs');
    expect(screen.getByLabelText<HTMLInputElement>('Active').checked).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>(/Suppress on empty/).checked).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Time Zone').value).toBe('UTC');
    expect(screen.getByText(/seconds, minutes, hours, day of month, month, day of week/)).toBeTruthy();
    expect(screen.getByText(/Every hour on the hour: '0 0 \* \* \* \?'/)).toBeTruthy();
  });

  it.each([
    ['client', 'Client ID, or blank for all active clients.'],
    ['wms', 'Warehouse ID, or blank for all warehouses.'],
  ] as const)('asks a %s report for its context', (reportType, hint) => {
    renderForm(reportType);
    expect(screen.getByLabelText('Context')).toBeTruthy();
    expect(screen.getByText(hint)).toBeTruthy();
  });

  it('has no context for an fms report', () => {
    renderForm('fms');
    expect(screen.queryByLabelText('Context')).toBeNull();
  });

  it('saves what was entered', async () => {
    const onSubmit = renderForm('wms');
    fireEvent.change(screen.getByLabelText('Crontab'), { target: { value: '0 0 6 ? * MON-FRI' } });
    fireEvent.change(screen.getByLabelText('Time Zone'), { target: { value: 'America/Chicago' } });
    fireEvent.change(screen.getByLabelText('Context'), { target: { value: ' NJ01 ' } });
    fireEvent.change(screen.getByLabelText('Email Addresses'), { target: { value: 'ops@acme.test' } });
    await userEvent.click(screen.getByLabelText('Active'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Display ASNs',
      is_active: true,
      crontab: '0 0 6 ? * MON-FRI',
      time_zone: 'America/Chicago',
      context: ' NJ01 ',
      email_addresses_string: 'ops@acme.test',
      email_text: '',
      suppress_on_empty: true,
    });
  });
});
