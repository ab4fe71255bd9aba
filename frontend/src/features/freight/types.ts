import type { GroupCheck, ShipmentGroupRow } from '../../lib/models';

export type {
  GroupAddressChange,
  GroupCheck,
  GroupShipment,
  ShipmentAddress as GroupAddress,
  ShipmentGroup,
  ShipmentGroupList,
  ShipmentGroupRow,
} from '../../lib/models';

/** The statuses of a group in the lifecycle's order (the list's tabs and filter). */
export const GROUP_STATUSES = ['validating', 'ready_to_process', 'processing', 'shipped', 'canceled'] as const satisfies readonly GroupStatus[];
export type GroupStatus = ShipmentGroupRow['status'];
/** What the acting user may do to the group now (the API's lifecycle decides, the screens only read it). */
export type GroupAction = ShipmentGroupRow['allowed_actions'][number];
export type GroupCheckName = GroupCheck['check'];
