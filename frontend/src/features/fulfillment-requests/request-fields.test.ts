import { describe, expect, it } from 'vitest';
import { freeStockText } from './new-request';
import { itemFieldPath, requestFieldId, requestFieldLabel } from './request-fields';

describe('the new request form’s fields by their API path', () => {
  it('names each field the API names in a refusal by its label on the form', () => {
    expect(requestFieldLabel('desired_ship_date')).toBe('Desired Ship Date');
    expect(requestFieldLabel('to_address.postal_code')).toBe('Postal Code');
    expect(requestFieldLabel('edi.dc_number')).toBe('DC Number');
    expect(requestFieldLabel('sets[0].items[3].quantity')).toBe('Quantity');
    expect(requestFieldLabel('sets[0].gift_note')).toBe('Gift Note');
  });

  it('keeps a path the form does not know as the API wrote it', () => {
    expect(requestFieldLabel('to_address.unknown')).toBe('to_address.unknown');
  });

  it('writes an item line’s path as the API does, and an id from any path', () => {
    expect(itemFieldPath(2, 'customs_value')).toBe('sets[0].items[2].customs_value');
    expect(requestFieldId('to_address.postal_code')).toBe('fr-to-address-postal-code');
  });
});

describe('the item picker', () => {
  it('shows the warehouses an item is free in', () => {
    const stock = [
      { location: 'CA01', available: 0 },
      { location: 'NJ01', available: 7 },
      { location: 'TX01', available: 1 },
    ];
    expect(freeStockText(stock)).toBe('NJ01 7 · TX01 1');
    expect(freeStockText([{ location: 'CA01', available: 0 }])).toBe('No free stock');
  });
});
