import type { Carrier, ShipProfile } from '../../lib/models';
import { profileMethods } from '../../lib/reference-data/ship-methods';
import type { GroupAction, ShipmentGroupRow } from './types';

/**
 * The LTL list's tabs (spec part 2, §2). The URL holds the list call's own filter (?status=validating,
 * ?needsApproval=true), so the orders dashboard's "LTL groups needing approval" link opens its tab.
 */
export interface GroupTab {
  label: string;
  query: Record<string, string>;
}

export const GROUP_TABS: GroupTab[] = [
  { label: 'All', query: {} },
  { label: 'Needs Approval', query: { needsApproval: 'true' } },
  { label: 'Validating', query: { status: 'validating' } },
  { label: 'Ready To Process', query: { status: 'ready_to_process' } },
  { label: 'Processing', query: { status: 'processing' } },
  { label: 'Shipped', query: { status: 'shipped' } },
];

/** The tab the URL names; a URL naming none of them (or two filters at once) is All. */
export function tabOf(params: URLSearchParams): GroupTab {
  const named = GROUP_TABS.filter((tab) => Object.entries(tab.query).every(([name, value]) => params.get(name) === value));
  return named.find((tab) => Object.keys(tab.query).length > 0) ?? GROUP_TABS[0];
}

/** The search part of a tab's link. */
export function tabSearch(tab: GroupTab): string {
  const search = new URLSearchParams(tab.query).toString();
  return search ? `?${search}` : '';
}

export function allows(group: { allowed_actions: readonly string[] }, action: GroupAction): boolean {
  return group.allowed_actions.includes(action);
}

/** Spec part 3, §4: Approve shows when the group needs approval, has none yet and the user may give it. */
export function offersApproval(group: Pick<ShipmentGroupRow, 'approval_required' | 'approved' | 'can_approve'>): boolean {
  return group.approval_required && !group.approved && group.can_approve;
}

/** Spec part 3, §8, word for word (its spelling included). */
export function cancelPrompt(groupId: number): string {
  return `Are you sure you wan't to cancel this group ${groupId} and all the shipments?`;
}

/** Spec part 3, §4: the message after a shipment moved to another group. */
export const MOVED_MESSAGE = 'Shipment group is being approved.';

/** Spec part 3, §9: the move picker lists at most this many groups. */
export const MOVE_PICKER_LIMIT = 500;

/**
 * The groups a shipment may move into: other groups in validating (the picker asks for those), not yet
 * approved and of the same warehouse, the API refusing the others (409 invalid_group).
 */
export function moveTargets(groups: readonly ShipmentGroupRow[], source: Pick<ShipmentGroupRow, 'id' | 'warehouse_id'>): ShipmentGroupRow[] {
  return groups.filter(
    (group) => group.id !== source.id && group.status === 'validating' && !group.approved && group.warehouse_id === source.warehouse_id,
  );
}

/** Spec part 3, §4: after a move the source group is read again while shipments are left in it, else it is gone (the list opens). */
export function sourceSurvivesMove(shipmentsBefore: number): boolean {
  return shipmentsBefore > 1;
}

/** Spec part 3, §5: a shipment removed from its group ships as a parcel, never by LTL or Custom. */
export const FREIGHT_ONLY_CARRIERS = ['LTL', 'Custom'];

export function parcelProfiles(profiles: readonly ShipProfile[]): ShipProfile[] {
  return profiles.filter((profile) => !FREIGHT_ONLY_CARRIERS.includes(profile.carrier_account.carrier_name));
}

/** The methods of a parcel profile's carrier, without the LTL and Custom methods. */
export function parcelMethods(profileId: string, profiles: readonly ShipProfile[], carriers: readonly Carrier[]) {
  return profileMethods(profileId, parcelProfiles(profiles), carriers).filter((method) => !FREIGHT_ONLY_CARRIERS.includes(method.code));
}

export const BILLING_TYPES = ['sender', 'recipient', 'collect', 'third_party'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];

/** The account and its postal code are asked for when a third party pays. */
export function billingAccountAsked(billingType: BillingType): boolean {
  return billingType === 'third_party';
}

/** One line of a ship-to: name, city and state, postal code. */
export function shipToLine(address: ShipmentGroupRow['to_address']): string {
  const { name, company, city, state, postal_code: postalCode } = address;
  return [name || company, [city, state].filter(Boolean).join(', '), postalCode].filter(Boolean).join(' · ');
}
