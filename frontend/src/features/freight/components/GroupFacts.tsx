import { Facts } from '../../../components/Facts';
import { ShipToCard } from '../../../components/ShipToCard';
import { formatDate, formatDateTime } from '../../../lib/format-datetime';
import { codeLabel, shipMethodLabel } from '../../../lib/labels';
import type { Carrier, ShipProfile } from '../../../lib/models';
import { allows } from '../group-rules';
import type { ShipmentGroup } from '../types';

const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');

/** Settings: where and when the load ships, its approval, where it stands and the master tracking id the warehouse reported. */
export function SettingsCard({ group }: { group: ShipmentGroup }) {
  const approval = group.approved
    ? ['Yes', group.approved_by_username && `by ${group.approved_by_username}`, group.approved_at && formatDateTime(group.approved_at)]
        .filter(Boolean)
        .join(' ')
    : group.approval_required
      ? 'No (approval required)'
      : 'No';
  return (
    <Facts
      title="Settings"
      facts={[
        ['Warehouse', group.warehouse_id],
        ['Desired Ship Date', formatDate(group.desired_ship_date)],
        ['Approved', approval],
        ['Status', <span key="status" data-testid="group-status">{codeLabel(group.status)}</span>],
        ['Inventory Allocated', yesNo(group.inventory_allocated)],
        ['Master Tracking', <span key="tracking" data-testid="master-tracking">{group.master_tracking_id}</span>],
        ['Shipped', group.shipped_at ? formatDateTime(group.shipped_at) : ''],
        ['Created', formatDateTime(group.created_at)],
      ]}
    />
  );
}

/** The group's ship-to address, shared by its shipments, how it validated, and the way to change it while allowed. */
export function GroupAddressCard({ clientId, group }: { clientId: string; group: ShipmentGroup }) {
  const changePath = allows(group, 'edit_address') ? `/${clientId}/ltl/${group.id}/to_address` : undefined;
  return <ShipToCard address={group.to_address} changePath={changePath} />;
}

/** The carrier and method the whole load ships by. */
export function CarrierCard({ group, profiles, carriers }: { group: ShipmentGroup; profiles?: ShipProfile[]; carriers?: Carrier[] }) {
  const profile = profiles?.find((candidate) => candidate.id === group.ship_profile_id);
  return (
    <Facts
      title="Carrier Method"
      facts={[
        ['Carrier', group.carrier],
        ['Ship Profile', group.ship_profile_id === null ? '' : profile ? `${profile.id} · ${profile.name}` : String(group.ship_profile_id)],
        ['Ship Method', shipMethodLabel(group.ship_method, carriers)],
      ]}
    />
  );
}
