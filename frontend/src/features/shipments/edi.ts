import type { EdiDetails, EdiDetailsWrite } from '../../lib/models';

/** The EDI details beyond the required retailer, cancel date and PO number (spec part 3, §3): [API name, label]. */
export const EDI_FIELDS = [
  ['store_number', 'Store Number'], ['store_name', 'Store Name'], ['store_address1', 'Store Address 1'],
  ['store_address2', 'Store Address 2'], ['store_city', 'Store City'], ['store_state', 'Store State'],
  ['store_postalcode', 'Store Postal Code'], ['department_number', 'Department Number'],
  ['division_number', 'Division Number'], ['dc_number', 'DC Number'], ['group_number', 'Group Number'],
  ['vendor_number', 'Vendor Number'], ['product_description', 'Product Description'], ['product_type', 'Product Type'],
] as const;

export type EdiField = (typeof EDI_FIELDS)[number][0];
export type EdiFormValues = Record<string, string>;

/** The form's values of stored details (or of none yet): every field as text. */
export function ediFormValues(details: Partial<EdiDetails> | undefined): EdiFormValues {
  const names = ['retailer', 'cancel_date', 'po_number', ...EDI_FIELDS.map(([name]) => name)] as const;
  return Object.fromEntries(names.map((name) => [name, details?.[name] ?? '']));
}

/** The details as the API takes them: the required three as typed (so the API names what is missing), blank optional ones null. */
export function ediPayload(values: EdiFormValues): EdiDetailsWrite {
  return {
    // An unknown or empty retailer is the API's to refuse, in the form's words.
    retailer: values.retailer.trim() as EdiDetailsWrite['retailer'],
    cancel_date: values.cancel_date,
    po_number: values.po_number.trim(),
    ...(Object.fromEntries(EDI_FIELDS.map(([name]) => [name, values[name].trim() || null])) as Record<EdiField, string | null>),
  };
}
