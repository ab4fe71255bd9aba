/**
 * The new request form's fields by their path in the API, with their labels: the API's refusals name
 * a field by the same label and give its path in `field`, which the form marks (spec part 2, §§2, 5).
 */
import { fieldPath } from '../../lib/field-errors';
import { EDI_DETAILS } from './new-request';

const ADDRESS_LABELS = {
  name: 'Name', company: 'Company', address_1: 'Address 1', address_2: 'Address 2', address_3: 'Address 3',
  postal_code: 'Postal Code', city: 'City', state: 'State', country: 'Country', phone: 'Phone', email: 'E-mail',
} as const;
export type AddressPart = keyof typeof ADDRESS_LABELS;

const LABELS: Record<string, string> = {
  fulfillment_request_id: 'Fulfillment Request ID', order_id: 'Order ID', reference1: 'Reference 1',
  reference2: 'Reference 2', reference3: 'Reference 3', warehouse_id: 'Warehouse', fill_type: 'Fill Type',
  shipment_type: 'Shipment Type', desired_ship_date: 'Desired Ship Date', ship_profile_id: 'Ship Profile',
  ship_method: 'Ship Method', billing_type: 'Billing', billing_account: 'Billing Account',
  billing_postal_code: 'Billing Postal Code', incoterm: 'Incoterm',
  ...Object.fromEntries(Object.entries(ADDRESS_LABELS).map(([part, label]) => [`to_address.${part}`, label])),
  'edi.retailer': 'Retailer', 'edi.cancel_date': 'Cancel Date', 'edi.po_number': 'PO Number',
  ...Object.fromEntries(EDI_DETAILS.map(([name, label]) => [`edi.${name}`, label])),
  'sets.type': 'Set Type', 'sets.gift_note': 'Gift Note', 'sets.items.upc': 'UPC', 'sets.items.quantity': 'Quantity',
  'sets.items.customs_value': 'Customs Value',
};

/** A field's label on the form: `to_address.postal_code` is 'Postal Code', `sets[0].items[2].quantity` 'Quantity'. */
export function requestFieldLabel(path: string): string {
  return LABELS[path.replace(/\[\d+\]/g, '')] ?? path;
}

/** The id of a field's control. */
export function requestFieldId(path: string): string {
  return `fr-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;
}

/** The path of a field of an item line of the form's one set. */
export function itemFieldPath(index: number, name: 'upc' | 'quantity' | 'customs_value'): string {
  return fieldPath('sets', 0, 'items', index, name);
}
