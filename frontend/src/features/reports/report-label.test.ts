import { describe, expect, it } from 'vitest';
import { reportLabel } from './report-label';

describe('reportLabel', () => {
  it('shows the third underscore-separated part of the id, then the name', () => {
    expect(reportLabel({ id: 'R_FMS_5458', name: 'Display ASNs' })).toBe('5458 Display ASNs');
    expect(reportLabel({ id: 'R_CLIENT_12', name: 'Returns by month' })).toBe('12 Returns by month');
  });

  it('keeps only the third part when the id has more', () => {
    expect(reportLabel({ id: 'R_WMS_7_b', name: 'Stock' })).toBe('7 Stock');
  });

  it('shows the name alone when the id has no third part', () => {
    expect(reportLabel({ id: 'legacy', name: 'Old report' })).toBe('Old report');
  });
});
