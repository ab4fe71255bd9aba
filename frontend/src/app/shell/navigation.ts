import { CLIENT_VERSION_WITH_LTL } from '../../config/constants';
import type { Grant } from '../../lib/current-user';

export interface NavEntry {
  label: string;
  /** Relative to /{clientId}, unless the entry opens in a new tab (then from the portal root). */
  to: string;
  children?: NavEntry[];
  /** Active only on exactly its own path, for entries whose path starts other entries' paths. */
  end?: boolean;
  minClientVersion?: number;
  opensInNewTab?: boolean;
  /** Shown only to users who hold it: the page behind the entry needs it. */
  grant?: Grant;
}

/** A report category page (the reports area's {category} route). */
const reportCategory = (category: string) => `reports/${encodeURIComponent(category)}`;

/** The sidebar of spec part 3, section 2, in its order. */
export const SIDEBAR_ENTRIES: NavEntry[] = [
  {
    label: 'Dashboard',
    to: 'dashboards',
    children: [
      { label: 'Orders', to: 'dashboards/orders' },
      { label: 'Shipments', to: 'dashboards/shipments' },
    ],
  },
  { label: 'Products', to: 'item_types' },
  {
    label: 'Receive',
    to: reportCategory('Receive'),
    children: [
      { label: 'View ASNs', to: 'asns/list', grant: 'read:reports' },
      { label: 'Upload ASN', to: 'asns/upload', grant: 'write:asns' },
    ],
  },
  {
    label: 'Fulfillment Requests',
    to: 'fulfillment_requests',
    children: [{ label: 'LTL', to: 'ltl', minClientVersion: CLIENT_VERSION_WITH_LTL }],
  },
  { label: 'Customer Returns', to: reportCategory('Customer Returns'), children: [{ label: 'Upload RMAs', to: 'rmas/upload', grant: 'create:rmas' }] },
  { label: 'Invoices', to: reportCategory('Invoices'), grant: 'read:reports' },
  { label: 'Reports', to: 'reports', end: true, grant: 'read:reports' },
  { label: 'Users', to: 'users' },
  { label: 'Shopify', to: 'shopify' },
  { label: 'API Reference', to: '/api_reference', minClientVersion: CLIENT_VERSION_WITH_LTL, opensInNewTab: true },
];

/** Whether a client on the given API version gets a page that needs minClientVersion (none: every client). */
export function clientVersionAllows(minClientVersion: number | undefined, clientVersion: number): boolean {
  return (minClientVersion ?? 0) <= clientVersion;
}

/** The entries (and children) a client on the given API version sees, less those the user may not open. */
export function visibleEntries(entries: NavEntry[], clientVersion: number, can: (grant: Grant) => boolean): NavEntry[] {
  return entries
    .filter((entry) => clientVersionAllows(entry.minClientVersion, clientVersion) && (!entry.grant || can(entry.grant)))
    .map((entry) => (entry.children ? { ...entry, children: visibleEntries(entry.children, clientVersion, can) } : entry));
}
