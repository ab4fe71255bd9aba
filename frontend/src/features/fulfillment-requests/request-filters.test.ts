import { describe, expect, it } from 'vitest';
import {
  activeTab,
  daysBefore,
  filtersFromSearchParams,
  filtersToQuery,
  searchParamsWith,
  STATUS_OPTIONS,
  tabChanges,
} from './request-filters';

const TODAY = new Date(2026, 10, 24, 15, 30);

const filtersOf = (query: string) => filtersFromSearchParams(new URLSearchParams(query));

describe('fulfilment request filters', () => {
  it('turns a tab, a status, a date range, a search and an upload into the list query', () => {
    const filters = filtersOf('tab=Invalid+Address&date=7&searchTerm=+FR-1+&jobId=job-1');
    expect(filtersToQuery(filters, TODAY, 'America/New_York')).toEqual({
      invalidToAddress: 'true',
      fromDate: '2026-11-17',
      timeZone: 'America/New_York',
      searchTerm: 'FR-1',
      jobId: 'job-1',
    });
  });

  it('shows a status chosen under the Processing tab as its own tab, never under Processing', () => {
    const processing = searchParamsWith(new URLSearchParams(), tabChanges('Processing'));
    const filters = filtersFromSearchParams(searchParamsWith(processing, { status: 'validating' }));

    expect(activeTab(filters)).toBe('Validating');
    expect(filtersToQuery(filters, TODAY)).toEqual({ shipmentStatus: 'validating' });
  });

  it('opens no tab for a status without one, and keeps a flag tab open beside a status', () => {
    expect(activeTab(filtersOf('status=shipped'))).toBeNull();
    const fraudShipped = filtersOf('tab=Fraud&status=shipped');
    expect(activeTab(fraudShipped)).toBe('Fraud');
    expect(filtersToQuery(fraudShipped, TODAY)).toEqual({ fraud: 'true', shipmentStatus: 'shipped' });
  });

  it('sets the tab and the status together when a tab opens', () => {
    const params = searchParamsWith(new URLSearchParams('tab=Fraud&status=shipped&date=7'), tabChanges('Validating'));
    expect(params.toString()).toBe('status=validating&date=7');
    expect(searchParamsWith(params, tabChanges('All')).toString()).toBe('date=7');
  });

  it('reads a link to a status tab as that status', () => {
    expect(filtersOf('tab=Processing')).toEqual({ tab: '', status: 'processing', date: '', searchTerm: '', jobId: '' });
    expect(activeTab(filtersOf('tab=Processing&status=validating'))).toBe('Validating');
  });

  it('ignores values it does not know and drops the defaults from the URL', () => {
    expect(filtersOf('tab=Nope&status=lost&date=2')).toEqual({ tab: '', status: '', date: '', searchTerm: '', jobId: '' });
    expect(searchParamsWith(new URLSearchParams('tab=Fraud&date=30'), { tab: '', date: '' }).toString()).toBe('');
  });

  it('labels the statuses by the formatter', () => {
    expect(STATUS_OPTIONS.map((option) => option.label)).toEqual([
      'All Statuses', 'Validating', 'Ready To Process', 'Processing', 'Pending Ship Label', 'Shipped', 'Cancelled',
    ]);
  });

  it('counts days back from the local day, across a month', () => {
    expect(daysBefore(TODAY, 0)).toBe('2026-11-24');
    expect(daysBefore(new Date(2026, 2, 3), 30)).toBe('2026-02-01');
  });
});
