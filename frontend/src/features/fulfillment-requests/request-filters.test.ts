import { describe, expect, it } from 'vitest';
import { daysBefore, filtersFromSearchParams, filtersToQuery, searchParamsWith } from './request-filters';

const TODAY = new Date(2026, 10, 24, 15, 30);

describe('fulfilment request filters', () => {
  it('turns a tab, a status, a date range and a search into the list query', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('tab=Invalid+Address&date=7&searchTerm=+FR-1+'));
    expect(filtersToQuery(filters, TODAY, 'America/New_York')).toEqual({
      invalidToAddress: 'true',
      fromDate: '2026-11-17',
      timeZone: 'America/New_York',
      searchTerm: 'FR-1',
    });
  });

  it('lets the Status dropdown choose over a status tab', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('tab=Validating&status=shipped'));
    expect(filtersToQuery(filters, TODAY)).toEqual({ shipmentStatus: 'shipped' });
  });

  it('ignores values it does not know and drops the defaults from the URL', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('tab=Nope&status=lost&date=2'));
    expect(filters).toEqual({ tab: 'All', status: '', date: '', searchTerm: '' });
    expect(searchParamsWith(new URLSearchParams('tab=Fraud&date=30'), { tab: 'All', date: '' }).toString()).toBe('');
  });

  it('counts days back from the local day, across a month', () => {
    expect(daysBefore(TODAY, 0)).toBe('2026-11-24');
    expect(daysBefore(new Date(2026, 2, 3), 30)).toBe('2026-02-01');
  });
});
