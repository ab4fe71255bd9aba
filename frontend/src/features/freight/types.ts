import type { Address } from '../../lib/models';

/**
 * A shipment group as the LTL calls answer it (docs: /work/brief/issue27.md's group answer, the API's
 * ShipmentGroupOut). Written out here until lib/api-types.ts is generated with the freight calls;
 * then these become names of the generated schemas in lib/models.ts.
 */

export const GROUP_STATUSES = ['validating', 'ready_to_process', 'processing', 'shipped', 'canceled'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

/** What the acting user may do to the group now (the API's lifecycle decides, the screens only read it). */
export type GroupAction =
  | 'approve'
  | 'cancel'
  | 'edit_address'
  | 'edit_method'
  | 'move_shipments'
  | 'remove_shipments'
  | 'upload_bol'
  | 'generate_bol'
  | 'comment';

export type GroupCheckName = 'address' | 'inventory' | 'customs' | 'bol';

export interface GroupCheck {
  check: GroupCheckName;
  ok: boolean;
  message: string | null;
  /** Items lacking customs information (the customs check only). */
  items: { upc: string; name: string; missing: string[] }[];
}

export interface GroupAddress {
  name: string | null;
  company: string | null;
  address_1: string | null;
  address_2: string | null;
  address_3: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  phone: string | null;
  email: string | null;
  validation_status: 'validated' | 'invalid' | 'skipped';
  validation_error: string | null;
}

export interface BillOfLading {
  name: string;
  external_id: string | null;
  format: string;
  generated: boolean;
  bol_number: string | null;
  size: number;
  created_at: string;
  created_by_username: string | null;
}

export interface GroupShipment {
  id: number;
  status: string;
  /** The request's id in the portal (its page's address). */
  fulfillment_request_id: number;
  /** The client's own reference of the request. */
  request_reference: string;
  order_id: string | null;
  inventory_allocated: boolean;
  to_name: string | null;
  units: number;
  allowed_actions: ('move' | 'remove')[];
}

/** A row of the groups list. */
export interface ShipmentGroupRow {
  id: number;
  status: GroupStatus;
  approval_required: boolean;
  approved: boolean;
  approved_by_username: string | null;
  approved_at: string | null;
  can_approve: boolean;
  warehouse_id: string;
  desired_ship_date: string;
  ship_profile_id: number | null;
  ship_method: string | null;
  carrier: string | null;
  to_address: GroupAddress;
  inventory_allocated: boolean;
  shipment_ids: number[];
  shipments_count: number;
  bol: BillOfLading | null;
  master_tracking_id: string | null;
  shipped_at: string | null;
  created_at: string;
  checklist?: GroupCheck[];
  allowed_actions: GroupAction[];
}

/** A group with its checklist and its shipments (GET shipment_groups/{id}). */
export interface ShipmentGroup extends ShipmentGroupRow {
  checklist: GroupCheck[];
  shipments: GroupShipment[];
}

export interface ShipmentGroupList {
  shipment_groups: ShipmentGroupRow[];
  cursor: string | null;
}

/** The answer to a changed group address: the group (unchanged when an invalid address was refused) and what the check said. */
export interface GroupAddressChange {
  shipment_group: ShipmentGroup;
  update_shipment_group_address_result: {
    is_valid: boolean;
    candidates: Address[];
    updated_address: Address;
    /** What is wrong, naming the field (the address check's own words, when the API passes them on). */
    validation_error?: string | null;
  };
}
