import { describe, expect, it } from 'vitest';
import { LOAD_MORE_THRESHOLD, needsNextPage, ROW_HEIGHT } from '../../components/ScrollingTable';
import { toReservationInputs, toReservations } from './reservations';

describe('products table paging', () => {
  it('uses the row height and threshold of spec part 1, section 9', () => {
    expect([ROW_HEIGHT, LOAD_MORE_THRESHOLD]).toEqual([45, 25]);
  });

  it('wants the next page once the last row drawn is within 25 rows of the rows loaded', () => {
    expect(needsNextPage(74, 100)).toBe(false);
    expect(needsNextPage(75, 100)).toBe(true);
    expect(needsNextPage(-1, 0)).toBe(false);
  });
});

describe('reservations', () => {
  const row = (location: 'CA01' | 'NJ01', reserved: number) => ({ location, unbound: 5, reserved, bound: 0, available: 5, limiting_child: null });

  it('starts from what is reserved now', () => {
    expect(toReservationInputs([row('CA01', 2), row('NJ01', 0)])).toEqual({ CA01: '2', NJ01: '0' });
  });

  it('sends whole numbers from 0 and names the first location that is not one', () => {
    expect(toReservations({ CA01: '3', NJ01: '0' })).toEqual({
      locations: [
        { location: 'CA01', reserved: 3 },
        { location: 'NJ01', reserved: 0 },
      ],
    });
    for (const text of ['-1', '1.5', '', 'x']) {
      expect(toReservations({ CA01: '1', NJ01: text })).toEqual({ error: 'Reserved at NJ01 must be a whole number of 0 or more.' });
    }
  });
});
