import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-datetime';

describe('formatDateTime', () => {
  it('writes MM/DD/YYYY h:mm:ss a Z', () => {
    expect(formatDateTime('2026-11-05T00:07:09Z', 0)).toBe('11/05/2026 12:07:09 AM +00:00');
    expect(formatDateTime('2026-11-05T13:07:09Z', 0)).toBe('11/05/2026 1:07:09 PM +00:00');
    expect(formatDateTime('2026-11-05T03:07:09Z', -300)).toBe('11/04/2026 10:07:09 PM -05:00');
    expect(formatDateTime('2026-11-05T03:07:09Z', 330)).toBe('11/05/2026 8:37:09 AM +05:30');
  });

  it('leaves text that is no date as it is', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});

describe('formatDate', () => {
  it('writes MM/DD/YYYY', () => {
    expect(formatDate('2026-12-01')).toBe('12/01/2026');
  });
});
