import type { ShipToAddress } from '../../lib/models';

export type ScoreLabel = 'Changes Recommended' | 'Highly Confident' | 'Undeliverable';

/** Spec part 2, §4: the validation score shown beside an address. */
export function scoreLabel(validationStatus: string | undefined, candidates: readonly unknown[]): ScoreLabel {
  if (candidates.length > 0) return 'Changes Recommended';
  return validationStatus === 'validated' ? 'Highly Confident' : 'Undeliverable';
}

/** Back and Next wrap around the list. */
export function stepped(index: number, step: -1 | 1, count: number): number {
  return count === 0 ? 0 : (index + step + count) % count;
}

/** After the request at `index` is fixed and dropped: the one that took its place, or the one before
 * when it was the last. */
export function indexAfterDrop(index: number, countAfter: number): number {
  return Math.max(0, Math.min(index, countAfter - 1));
}

export const ADDRESS_LINES = ['name', 'company', 'address_1', 'address_2', 'address_3', 'city', 'state', 'postal_code', 'country', 'phone', 'email'] as const;
export type AddressLine = (typeof ADDRESS_LINES)[number];
export type EditableAddress = Record<AddressLine, string>;

export function editable(address: Partial<Record<AddressLine, string | null | undefined>>): EditableAddress {
  return Object.fromEntries(ADDRESS_LINES.map((line) => [line, address[line] ?? ''])) as EditableAddress;
}

/** The form's address as the API takes it: blank optional lines are null. */
export function toShipToAddress(address: EditableAddress): ShipToAddress {
  const value = (line: AddressLine) => address[line].trim();
  const optional = (line: AddressLine) => value(line) || null;
  return {
    name: value('name'),
    company: optional('company'),
    address_1: value('address_1'),
    address_2: optional('address_2'),
    address_3: optional('address_3'),
    city: value('city'),
    state: value('state'),
    postal_code: value('postal_code'),
    country: value('country'),
    phone: value('phone'),
    email: optional('email'),
  };
}

/** One line of an address as a person writes it: street, city, state ZIP, country. */
export function addressText(address: Partial<Record<AddressLine, string | null | undefined>>): string {
  const street = [address.address_1, address.address_2, address.address_3].filter(Boolean).join(' ');
  const place = [address.city, [address.state, address.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, place, address.country].filter(Boolean).join(', ');
}

/** The web search the page offers for an address: it opens in a new tab, outside the portal. */
export const WEB_SEARCH_URL = 'https://www.google.com/search';

export function webSearchUrl(address: Partial<Record<AddressLine, string | null | undefined>>): string {
  const query = [address.company, addressText(address)].filter(Boolean).join(', ');
  return `${WEB_SEARCH_URL}?${new URLSearchParams({ q: query })}`;
}

/** ZIP lookups (the map's geocoding) only for codes without letters (spec part 2, §5). */
export function zipForLookup(postalCode: string): string | null {
  const zip = postalCode.trim();
  return /^\d{5}(-?\d{4})?$/.test(zip) ? zip.slice(0, 5) : null;
}
