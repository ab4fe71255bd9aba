import { describe, expect, it } from 'vitest';
import { codeLabel, shipMethodLabel } from './labels';
import type { Carrier } from './models';

describe('codeLabel', () => {
  it('title-cases a code by its words', () => {
    expect(codeLabel('ready_to_process')).toBe('Ready To Process');
    expect(codeLabel('pending_ship_label')).toBe('Pending Ship Label');
    expect(codeLabel('gift_note')).toBe('Gift Note');
    expect(codeLabel('sender')).toBe('Sender');
    expect(codeLabel('third_party')).toBe('Third Party');
    expect(codeLabel('partial_kill')).toBe('Partial Kill');
    expect(codeLabel('optimal')).toBe('Optimal');
    expect(codeLabel('fraud')).toBe('Fraud');
  });

  it('names the late statuses of a shipment, the warning state as Exception', () => {
    expect(codeLabel('delivered')).toBe('Delivered');
    expect(codeLabel('exception')).toBe('Exception');
  });

  it('names the irregular codes from its dictionary', () => {
    expect(codeLabel('canceled')).toBe('Cancelled');
    expect(codeLabel('default_set_type')).toBe('Standard');
    expect(codeLabel('default_shipment_type')).toBe('Default');
  });

  it('writes acronyms in capitals', () => {
    expect(codeLabel('ltl')).toBe('LTL');
    expect(codeLabel('missing_upc')).toBe('Missing UPC');
    expect(codeLabel('fms')).toBe('FMS');
    expect(codeLabel('import_rmas')).toBe('Import RMAs');
  });

  it('reads an upper-case code by its words', () => {
    expect(codeLabel('FEDEX_2_DAY')).toBe('Fedex 2 Day');
  });

  it('leaves text that is no code as it is', () => {
    expect(codeLabel('CA01')).toBe('CA01');
    expect(codeLabel('DDU')).toBe('DDU');
    expect(codeLabel('FedEx Ground')).toBe('FedEx Ground');
  });

  it('writes nothing for no code', () => {
    expect(codeLabel('')).toBe('');
    expect(codeLabel(null)).toBe('');
    expect(codeLabel(undefined)).toBe('');
  });
});

describe('shipMethodLabel', () => {
  const carriers: Carrier[] = [
    { id: 1, name: 'UPS', ship_methods: [{ id: 1, code: 'UPS_GROUND', name: 'UPS Ground', service: 'ground' }] },
    { id: 2, name: 'FedEx', ship_methods: [{ id: 2, code: 'FEDEX_2_DAY', name: 'FedEx 2Day', service: 'express' }] },
  ];

  it('names a ship method as the carriers list does', () => {
    expect(shipMethodLabel('FEDEX_2_DAY', carriers)).toBe('FedEx 2Day');
    expect(shipMethodLabel('UPS_GROUND', carriers)).toBe('UPS Ground');
  });

  it('falls back to the code rule for a method the list lacks or before it loads', () => {
    expect(shipMethodLabel('DHL_EXPRESS_WORLDWIDE', carriers)).toBe('DHL Express Worldwide');
    expect(shipMethodLabel('FEDEX_2_DAY', undefined)).toBe('Fedex 2 Day');
    expect(shipMethodLabel(null, carriers)).toBe('');
  });
});
