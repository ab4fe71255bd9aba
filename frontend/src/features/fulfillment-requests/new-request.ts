/** The new-request form's values and the call they become (spec part 2, §§2, 5, 9). */
import type { Carrier, ItemSummary, RequestWrite, ShipProfile } from '../../lib/models';

export const WAREHOUSES = ['optimal', 'CA01', 'NJ01', 'TX01', 'BC01', 'IL01', 'NJ03', 'CA02', 'TX02'] as const;
export const FILL_TYPES = ['partial', 'complete', 'kill', 'partial_kill'] as const;
export const BILLING_TYPES = ['sender', 'recipient', 'collect', 'third_party'] as const;
export const SET_TYPES = ['default_set_type', 'gift_note', 'gift_wrap', 'duct_wrap'] as const;
export const EDI_RETAILERS = [
  'amazon', 'bestbuy', 'bloomingdales', 'century21', 'chewy', 'costco', 'jcpenny', 'macys', 'neiman', 'nordstrom',
  'qvc', 'rei', 'ruegilt', 'saks', 'sephora', 'stitchfix', 'target', 'tjmaxx', 'walmart', 'wayfair', 'zappos',
] as const;
/** The EDI metadata beyond the required retailer, cancel date and PO number: [API name, label]. */
export const EDI_DETAILS = [
  ['department_number', 'Department Number'], ['dc_number', 'DC Number'], ['division_number', 'Division Number'],
  ['vendor_number', 'Vendor Number'], ['group_number', 'Group Number'], ['store_number', 'Store Number'],
  ['store_name', 'Store Name'], ['store_address1', 'Store Address 1'], ['store_address2', 'Store Address 2'],
  ['store_city', 'Store City'], ['store_state', 'Store State'], ['store_postalcode', 'Store Postal Code'],
  ['product_description', 'Product Description'], ['product_type', 'Product Type'],
  ['edi_reference_1', 'EDI Reference 1'], ['edi_reference_2', 'EDI Reference 2'], ['edi_reference_3', 'EDI Reference 3'],
] as const;
export type EdiDetail = (typeof EDI_DETAILS)[number][0];
/** The request's packing and speed options besides Saturday delivery and signature: [API name, label]. */
export const PACKING_OPTIONS = [
  ['expedited', 'Expedited'], ['one_upc_per_shipment', 'One UPC per shipment'],
  ['one_sku_per_shipment', 'One SKU per shipment'], ['one_product_code_per_shipment', 'One product code per shipment'],
] as const;
export type PackingOption = (typeof PACKING_OPTIONS)[number][0];
export const SATURDAY_CARRIERS = ['UPS', 'FedEx'];
export const MAX_QUANTITY = 1000;
export const MAX_CUSTOMS_VALUE = 99999999;

export interface ItemLine {
  upc: string;
  name: string;
  quantity: string;
  customsValue: string;
}

export interface NewRequestValues {
  fulfillmentRequestId: string;
  orderId: string;
  warehouseId: (typeof WAREHOUSES)[number];
  fillType: (typeof FILL_TYPES)[number];
  shipTogether: boolean;
  shipmentType: string;
  desiredShipDate: string;
  reference1: string;
  reference2: string;
  reference3: string;
  shipProfileId: string;
  shipMethod: string;
  saturdayDelivery: boolean;
  signatureRequired: boolean;
  options: Record<PackingOption, boolean>;
  billingType: (typeof BILLING_TYPES)[number];
  billingAccount: string;
  billingPostalCode: string;
  incoterm: '' | 'DDU' | 'DDP';
  address: { name: string; company: string; address1: string; address2: string; address3: string; city: string;
    state: string; postalCode: string; country: string; phone: string; email: string };
  edi: { enabled: boolean; retailer: string; cancelDate: string; poNumber: string; details: Partial<Record<EdiDetail, string>> };
  setType: (typeof SET_TYPES)[number];
  giftNote: string;
  items: ItemLine[];
}

export function newRequestValues(today: string, defaultShipmentType: string): NewRequestValues {
  return {
    fulfillmentRequestId: '', orderId: '', warehouseId: 'optimal', fillType: 'partial', shipTogether: false,
    shipmentType: defaultShipmentType, desiredShipDate: today, reference1: '', reference2: '', reference3: '',
    shipProfileId: '', shipMethod: '', saturdayDelivery: false, signatureRequired: false,
    options: { expedited: false, one_upc_per_shipment: false, one_sku_per_shipment: false, one_product_code_per_shipment: false },
    billingType: 'sender', billingAccount: '', billingPostalCode: '', incoterm: '',
    address: { name: '', company: '', address1: '', address2: '', address3: '', city: '', state: '', postalCode: '',
      country: 'US', phone: '', email: '' },
    edi: { enabled: false, retailer: '', cancelDate: '', poNumber: '', details: {} },
    setType: 'default_set_type', giftNote: '', items: [],
  };
}

/** The US and the territories that use US postal codes (spec part 3, §5), as codes and as names. */
const US_POSTAL_AREAS = [
  'US', 'USA', 'UNITED STATES', 'UNITED STATES OF AMERICA', 'PR', 'PUERTO RICO', 'GU', 'GUAM', 'VI',
  'VIRGIN ISLANDS, U.S.', 'AS', 'AMERICAN SAMOA', 'MP', 'NORTHERN MARIANA ISLANDS', 'UM', 'MH', 'MARSHALL ISLANDS',
  'FM', 'MICRONESIA, FEDERATED STATES OF', 'PW', 'PALAU',
];

/** Whether the destination is abroad: outside the US and its territories (the customs value column shows). */
export function isAbroad(country: string): boolean {
  const name = country.trim().toUpperCase();
  return name !== '' && !US_POSTAL_AREAS.includes(name);
}

/** The billing account fields show for billing types that charge someone else's account. */
export function billingFieldsShow(billingType: string): boolean {
  return billingType === 'third_party';
}

/** The ship methods a profile offers: its carrier's. */
export function shipMethodsOf(profile: ShipProfile | undefined, carriers: Carrier[]) {
  return carriers.find((carrier) => carrier.name === profile?.carrier_account.carrier_name)?.ship_methods ?? [];
}

/** Saturday delivery is for UPS and FedEx express methods only. */
export function saturdayAllowed(profile: ShipProfile | undefined, carriers: Carrier[], shipMethod: string): boolean {
  const method = shipMethodsOf(profile, carriers).find((candidate) => candidate.code === shipMethod);
  return Boolean(profile && SATURDAY_CARRIERS.includes(profile.carrier_account.carrier_name) && method?.service === 'express');
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function requestPayload(values: NewRequestValues, carriers: Carrier[], profiles: ShipProfile[]): RequestWrite {
  const profile = profiles.find((candidate) => String(candidate.id) === values.shipProfileId);
  const abroad = isAbroad(values.address.country);
  const { address } = values;
  return {
    fulfillment_request_id: values.fulfillmentRequestId.trim(),
    order_id: orNull(values.orderId),
    warehouse_id: values.warehouseId,
    fill_type: values.fillType,
    ship_together: values.shipTogether,
    shipment_type: values.shipmentType,
    desired_ship_date: values.desiredShipDate || null,
    reference1: orNull(values.reference1),
    reference2: orNull(values.reference2),
    reference3: orNull(values.reference3),
    ship_profile_id: profile ? profile.id : null,
    ship_method: profile ? orNull(values.shipMethod) : null,
    saturday_delivery: values.saturdayDelivery && saturdayAllowed(profile, carriers, values.shipMethod),
    signature_required: values.signatureRequired,
    ...values.options,
    billing_type: values.billingType,
    billing_account: billingFieldsShow(values.billingType) ? orNull(values.billingAccount) : null,
    billing_postal_code: billingFieldsShow(values.billingType) ? orNull(values.billingPostalCode) : null,
    incoterm: values.incoterm || null,
    to_address: {
      name: address.name.trim(), company: orNull(address.company), address_1: address.address1.trim(),
      address_2: orNull(address.address2), address_3: orNull(address.address3), city: address.city.trim(), state: address.state.trim(),
      postal_code: address.postalCode.trim(), country: address.country.trim(), phone: address.phone.trim(),
      email: orNull(address.email),
    },
    edi: values.edi.enabled
      ? ({
          retailer: values.edi.retailer,
          cancel_date: values.edi.cancelDate,
          po_number: values.edi.poNumber.trim(),
          ...Object.fromEntries(EDI_DETAILS.map(([name]) => [name, orNull(values.edi.details[name] ?? '')])),
        } as RequestWrite['edi'])
      : null,
    sets: [
      {
        type: values.setType,
        gift_note: orNull(values.giftNote),
        items: values.items.map((line) => ({
          upc: line.upc,
          quantity: Number(line.quantity),
          customs_value: abroad && line.customsValue !== '' ? Number(line.customsValue) : null,
          serial_numbers: null, personalization: null, font: null, text: null, color: null,
        })),
      },
    ],
  } as RequestWrite;
}

/** An item's free stock per warehouse as the item picker shows it: "NJ01 5 · CA01 1", or "No free stock". */
export function freeStockText(availability: ItemSummary['availability']): string {
  const free = (availability ?? []).filter((stock) => stock.available > 0);
  return free.length ? free.map((stock) => `${stock.location} ${stock.available}`).join(' · ') : 'No free stock';
}
