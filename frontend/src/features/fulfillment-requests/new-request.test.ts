import { describe, expect, it } from 'vitest';
import type { Carrier, ShipProfile } from '../../lib/models';
import { isAbroad, newRequestValues, requestPayload, saturdayAllowed } from './new-request';

const CARRIERS: Carrier[] = [
  { id: 1, name: 'UPS', ship_methods: [{ id: 1, code: 'UPS_GROUND', name: 'UPS Ground', service: 'ground' }, { id: 2, code: 'UPS_NEXT_DAY_AIR', name: 'UPS Next Day Air', service: 'express' }] },
  { id: 2, name: 'USPS', ship_methods: [{ id: 3, code: 'USPS_PRIORITY_MAIL', name: 'USPS Priority Mail', service: 'express' }] },
];
const PROFILES: ShipProfile[] = [
  { id: 7, name: 'UPS account', carrier_account: { carrier_name: 'UPS', account_number: null } },
  { id: 8, name: 'USPS', carrier_account: { carrier_name: 'USPS', account_number: null } },
];

function filled() {
  const values = newRequestValues('2026-11-24', 'default_shipment_type');
  values.fulfillmentRequestId = ' FR-1 ';
  values.address = { ...values.address, name: 'Pat Doe', address1: '75 Livingston St', city: 'Brooklyn', state: 'NY', postalCode: '11201', phone: '718 555 0100' };
  values.items = [{ upc: 'TENT', name: 'Tent', quantity: '2', customsValue: '19.99' }];
  return values;
}

describe('the new request form', () => {
  it('sends blanks as null, customs values only abroad and billing accounts only for third party', () => {
    const payload = requestPayload({ ...filled(), billingAccount: 'ACC-1' }, CARRIERS, PROFILES);
    expect(payload.fulfillment_request_id).toBe('FR-1');
    expect(payload.order_id).toBeNull();
    expect(payload.billing_account).toBeNull();
    expect(payload.sets[0].items[0]).toMatchObject({ upc: 'TENT', quantity: 2, customs_value: null });
    const abroad = requestPayload({ ...filled(), address: { ...filled().address, country: 'CA' } }, CARRIERS, PROFILES);
    expect(abroad.sets[0].items[0].customs_value).toBe(19.99);
    const thirdParty = requestPayload({ ...filled(), billingType: 'third_party', billingAccount: 'ACC-1', billingPostalCode: '07001' }, CARRIERS, PROFILES);
    expect([thirdParty.billing_account, thirdParty.billing_postal_code]).toEqual(['ACC-1', '07001']);
  });

  it('sends the references, packing options, third address line and EDI details given', () => {
    const values = filled();
    values.reference3 = ' R3 ';
    values.options = { ...values.options, one_sku_per_shipment: true };
    values.address = { ...values.address, address3: 'Dock 4' };
    values.edi = { enabled: true, retailer: 'target', cancelDate: '2026-12-01', poNumber: 'PO 9', details: { store_number: ' 0042 ', dc_number: '' } };
    const payload = requestPayload(values, CARRIERS, PROFILES);
    expect([payload.reference2, payload.reference3]).toEqual([null, 'R3']);
    expect([payload.expedited, payload.one_sku_per_shipment]).toEqual([false, true]);
    expect(payload.to_address.address_3).toBe('Dock 4');
    expect(payload.edi).toMatchObject({ retailer: 'target', po_number: 'PO 9', store_number: '0042', dc_number: null, vendor_number: null });
  });

  it('allows Saturday delivery only for UPS and FedEx express methods', () => {
    expect(saturdayAllowed(PROFILES[0], CARRIERS, 'UPS_NEXT_DAY_AIR')).toBe(true);
    expect(saturdayAllowed(PROFILES[0], CARRIERS, 'UPS_GROUND')).toBe(false);
    expect(saturdayAllowed(PROFILES[1], CARRIERS, 'USPS_PRIORITY_MAIL')).toBe(false);
    const values = { ...filled(), shipProfileId: '8', shipMethod: 'USPS_PRIORITY_MAIL', saturdayDelivery: true };
    expect(requestPayload(values, CARRIERS, PROFILES).saturday_delivery).toBe(false);
  });

  it('knows the US by its code or name', () => {
    expect([isAbroad('US'), isAbroad('usa'), isAbroad('United States'), isAbroad('CA')]).toEqual([false, false, false, true]);
    expect([isAbroad('PR'), isAbroad('Puerto Rico'), isAbroad('gu'), isAbroad('MX')]).toEqual([false, false, false, true]);
  });
});
