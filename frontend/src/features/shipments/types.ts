/** What the shipment screens read beyond the generated API types (lib/models.ts). */
import type { ShipmentDetail } from '../../lib/models';

export type Shipment = ShipmentDetail;
export type ShipmentStatus = ShipmentDetail['status'];
export type ShipmentItem = ShipmentDetail['sets'][number]['items'][number];
export type ShipmentSet = ShipmentDetail['sets'][number];
export type ShipmentDocument = ShipmentDetail['documents'][number];
export type ShipmentAddress = ShipmentDetail['to_address'];
export type ChecklistEntry = ShipmentDetail['checklist'][number];
export type CheckName = ChecklistEntry['check'];

/** The actions of the lifecycle (api/orders/lifecycle.py) a screen offers when allowed_actions has them. */
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
