import { describe, expect, it } from 'vitest';
import { isDateParameter } from './date-parameters';

describe('isDateParameter', () => {
  it('takes names that speak of a date', () => {
    for (const name of ['date', 'from_date', 'ShipDate', 'shipped_at', 'shipped_on', 'from', 'to', 'date_to', 'since', 'until_day']) {
      expect(isDateParameter(name), name).toBe(true);
    }
  });

  it('leaves other names as text', () => {
    for (const name of ['sku', 'total', 'tomato', 'customer_id', 'status', 'attempts', 'updated', 'dates_count']) {
      expect(isDateParameter(name), name).toBe(false);
    }
  });
});
