/**
 * The shipment calls' shapes (issue 26's contract). Written here until the shipment schemas are in
 * the generated api-types.ts; then these become names in lib/models.ts.
 */
import type { ShipToAddress } from '../../lib/models';

export type ShipmentStatus =
  | 'validating'
  | 'ready_to_process'
  | 'processing'
  | 'pending_ship_label'
  | 'shipped'
  | 'delivered'
  | 'exception'
  | 'canceled';

export type ShipmentAction =
  | 'cancel'
  | 'edit_quantities'
  | 'edit_sets'
  | 'edit_method'
  | 'edit_address'
  | 'add_documents'
  | 'delete_documents'
  | 'add_custom_label'
  | 'delete_custom_label'
  | 'edit_details'
  | 'comment';

export interface ShipmentItem {
  /** The set item's id. */
  id: number;
  item_type_id: number;
  upc: string;
  name: string;
  tariff_code: string | null;
  customs_description: string | null;
  customs_origin: string | null;
  quantity_desired: number;
  quantity_allocated: number;
  quantity_requested: number;
}

export interface ShipmentSet {
  id: number;
  type: string;
  gift_note: string | null;
  items: ShipmentItem[];
}

export interface ShipmentDocument {
  id: number;
  name: string;
  copies: number;
  format: string;
}

export type CheckName = 'inventory' | 'address' | 'custom_label' | 'customs' | 'approval';

export interface ChecklistEntry {
  check: CheckName;
  ok: boolean;
  message: string | null;
  /** The items lacking customs information (customs only). */
  items: { upc: string; name: string; missing: string[] }[];
}

export type ShipmentAddress = Omit<ShipToAddress, 'validation_status' | 'validation_error'> & {
  validation_status: 'validated' | 'invalid' | 'skipped';
  validation_error: string | null;
};

export interface ShipmentRow {
  id: number;
  status: ShipmentStatus;
  /** The request's internal id, for links. */
  request_id: number;
  /** The client's reference of the request. */
  fulfillment_request_id: string;
  order_id: string | null;
  warehouse_id: string;
  ship_profile_id: number | null;
  ship_method: string | null;
  carrier: string | null;
  fill_type: string | null;
  inventory_allocated: boolean;
  shipment_group_id: number | null;
  tracking_number: string | null;
  tracking_url: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

export interface Shipment extends ShipmentRow {
  shipment_details_id: number | null;
  master_tracking_id: string | null;
  weight: number | string | null;
  exception_reason: string | null;
  updated_at: string;
  validated_customs_information: boolean;
  has_custom_label: boolean;
  custom_label_name: string | null;
  to_address: ShipmentAddress;
  sets: ShipmentSet[];
  documents: ShipmentDocument[];
  checklist: ChecklistEntry[];
  allowed_actions: ShipmentAction[];
}

export interface ShipmentList {
  shipments: ShipmentRow[];
  cursor: string | null;
}

export interface StatusChange {
  from_status: ShipmentStatus | null;
  to_status: ShipmentStatus;
  reason: string | null;
  actor: string;
  created_at: string;
}

export interface ShipmentComment {
  id: number;
  body: string;
  author_username: string;
  author_name: string | null;
  created_at: string;
}

/** Retail EDI details: retailer, cancel_date and po_number are required, the rest optional. */
export interface EdiDetails {
  retailer: string;
  cancel_date: string;
  po_number: string;
  [detail: string]: string | null;
}

/** The answer to a changed address: the shipment only when the address was stored. */
export interface ShipmentAddressChange {
  updated_address: ShipToAddress;
  is_valid: boolean;
  candidates: ShipToAddress[];
  validation_error?: string | null;
  shipment: Shipment | null;
}
