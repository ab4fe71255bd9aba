import type { Carrier } from './models';

/** Codes whose label the rule below would get wrong. */
const IRREGULAR: Record<string, string> = {
  canceled: 'Cancelled',
  default_set_type: 'Standard',
  default_shipment_type: 'Default',
};

/** Words of a code that are read letter by letter. */
const ACRONYMS = new Set(['api', 'asn', 'csv', 'ddp', 'ddu', 'dhl', 'edi', 'fms', 'id', 'ltl', 'rma', 'sku', 'upc', 'ups', 'usps', 'wms']);

/** A code as written by the API: lower case with underscores, or upper case with them (FEDEX_2_DAY). */
const CODE = /^[a-z0-9_]+$|^[A-Z0-9]*_[A-Z0-9_]*$/;

function wordLabel(word: string): string {
  if (ACRONYMS.has(word)) return word.toUpperCase();
  if (word.endsWith('s') && ACRONYMS.has(word.slice(0, -1))) return `${word.slice(0, -1).toUpperCase()}s`;
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * A code as people read it: ready_to_process → "Ready To Process", canceled → "Cancelled",
 * ltl → "LTL". Text that is no code (a name, "CA01", "DDU") shows as it is.
 */
export function codeLabel(code: string | null | undefined): string {
  if (!code) return '';
  const irregular = IRREGULAR[code.toLowerCase()];
  if (irregular) return irregular;
  if (!CODE.test(code)) return code;
  return code.toLowerCase().split('_').filter(Boolean).map(wordLabel).join(' ');
}

/** A ship method by its name in the carriers' list (FEDEX_2_DAY → "FedEx 2Day"); an unknown one by the rule. */
export function shipMethodLabel(code: string | null | undefined, carriers: readonly Carrier[] | null | undefined): string {
  if (!code) return '';
  for (const carrier of carriers ?? []) {
    const method = carrier.ship_methods.find((candidate) => candidate.code === code);
    if (method) return method.name;
  }
  return codeLabel(code);
}
