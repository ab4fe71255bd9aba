import { describe, expect, it } from 'vitest';
import { formatDate, formatDateOrText, formatDateTime } from './format-datetime';

describe('formatDateTime', () => {
  it('writes MM/DD/YYYY h:mm:ss a Z', () => {
    expect(formatDateTime('2026-11-05T00:07:09Z', 0)).toBe('11/05/2026 12:07:09 AM +00:00');
    expect(formatDateTime('2026-11-05T13:07:09Z', 0)).toBe('11/05/2026 1:07:09 PM +00:00');
    expect(formatDateTime('2026-11-05T03:07:09Z', -300)).toBe('11/04/2026 10:07:09 PM -05:00');
    expect(formatDateTime('2026-11-05T03:07:09Z', 330)).toBe('11/05/2026 8:37:09 AM +05:30');
  });

  it('reads a timestamp without a zone as UTC, with a space and microseconds as the database writes it', () => {
    expect(formatDateTime('2026-11-23 14:44:47.186788', 0)).toBe('11/23/2026 2:44:47 PM +00:00');
    expect(formatDateTime('2026-11-23T14:44:47', -300)).toBe('11/23/2026 9:44:47 AM -05:00');
  });

  it('honours the zone the timestamp names', () => {
    expect(formatDateTime('2026-11-23T14:44:47+01:00', 0)).toBe('11/23/2026 1:44:47 PM +00:00');
  });

  it('leaves text that is no date as it is', () => {
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDateTime('2026-11-23')).toBe('2026-11-23');
  });
});

describe('formatDate', () => {
  it('writes MM/DD/YYYY', () => {
    expect(formatDate('2026-12-01')).toBe('12/01/2026');
  });
});

describe('formatDateOrText', () => {
  it('formats dates and timestamps and leaves other text', () => {
    expect(formatDateOrText('2026-12-01')).toBe('12/01/2026');
    expect(formatDateOrText('2026-12-01 10:00:00')).toMatch(/^12\/01\/2026 \d{1,2}:00:00 [AP]M [+-]\d{2}:\d{2}$/);
    expect(formatDateOrText('ASN-2026-12')).toBe('ASN-2026-12');
  });
});
