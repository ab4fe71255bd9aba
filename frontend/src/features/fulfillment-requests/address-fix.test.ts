import { describe, expect, it } from 'vitest';
import { addressText, editable, indexAfterDrop, scoreLabel, stepped, toShipToAddress, webSearchUrl, zipForLookup } from './address-fix';

const candidate = { name: 'Pat', address_1: '1 MAIN ST', city: 'BROOKLYN', state: 'NY', postal_code: '11201', country: 'US' };

describe('the address fix page', () => {
  it('labels the score as the spec says', () => {
    expect(scoreLabel('invalid', [candidate])).toBe('Changes Recommended');
    expect(scoreLabel('validated', [candidate])).toBe('Changes Recommended');
    expect(scoreLabel('validated', [])).toBe('Highly Confident');
    expect(scoreLabel('invalid', [])).toBe('Undeliverable');
    expect(scoreLabel(undefined, [])).toBe('Undeliverable');
  });

  it('wraps Back and Next around the list', () => {
    expect(stepped(0, -1, 3)).toBe(2);
    expect(stepped(2, 1, 3)).toBe(0);
    expect(stepped(1, 1, 3)).toBe(2);
    expect(stepped(0, 1, 0)).toBe(0);
  });

  it('moves on after a fix, or back when the last one was fixed', () => {
    expect(indexAfterDrop(1, 3)).toBe(1);
    expect(indexAfterDrop(3, 3)).toBe(2);
    expect(indexAfterDrop(0, 0)).toBe(0);
  });

  it('sends blank optional lines as null and trims the rest', () => {
    const sent = toShipToAddress(editable({ ...candidate, name: ' Pat ', company: '  ', phone: '718 555 0100' }));
    expect(sent).toMatchObject({ name: 'Pat', company: null, address_2: null, email: null, phone: '718 555 0100' });
  });

  it('searches the web for the company and the address', () => {
    expect(addressText(candidate)).toBe('1 MAIN ST, BROOKLYN, NY 11201, US');
    const url = new URL(webSearchUrl({ ...candidate, company: 'Acme' }));
    expect(url.searchParams.get('q')).toBe('Acme, 1 MAIN ST, BROOKLYN, NY 11201, US');
  });

  it('looks up only ZIP codes without letters', () => {
    expect(zipForLookup(' 11201-1234 ')).toBe('11201');
    expect(zipForLookup('M5H 2N2')).toBeNull();
    expect(zipForLookup('123')).toBeNull();
  });
});
