import type { GroupShipment, ShipmentGroup } from './types';

/** A group waiting for approval, of two shipments, as GET shipment_groups/{id} answers it (for tests). */
export function aGroup(overrides: Partial<ShipmentGroup> = {}): ShipmentGroup {
  return {
    id: 12,
    status: 'validating',
    approval_required: true,
    approved: false,
    approved_by_username: null,
    approved_at: null,
    can_approve: true,
    warehouse_id: 'NJ01',
    desired_ship_date: '2030-03-04',
    ship_profile_id: 5,
    ship_method: 'LTL',
    carrier: 'LTL',
    to_address: {
      name: 'Receiving', company: 'Big Box DC 4', address_1: '1 Dock Rd', address_2: null, address_3: null, city: 'Newark',
      state: 'NJ', postal_code: '07102', country: 'US', phone: '+1 973 555 0100', email: null,
      validation_status: 'validated', validation_error: null,
    },
    inventory_allocated: true,
    shipment_ids: [41, 42],
    shipments_count: 2,
    bol: null,
    master_tracking_id: null,
    shipped_at: null,
    created_at: '2030-03-01T10:00:00Z',
    checklist: [
      { check: 'address', ok: true, message: null, items: [] },
      { check: 'inventory', ok: true, message: null, items: [] },
      { check: 'customs', ok: true, message: null, items: [] },
      { check: 'bol', ok: false, message: 'BOL required to complete processing.', items: [] },
    ],
    allowed_actions: ['approve', 'cancel', 'edit_address', 'move_shipments', 'remove_shipments', 'upload_bol', 'generate_bol', 'comment'],
    shipments: [aGroupShipment({ id: 41, fulfillment_request_id: 9, request_reference: 'FR-9' }), aGroupShipment({ id: 42, fulfillment_request_id: 10, request_reference: 'FR-10' })],
    ...overrides,
  };
}

export function aGroupShipment(overrides: Partial<GroupShipment> = {}): GroupShipment {
  return {
    id: 41,
    status: 'validating',
    fulfillment_request_id: 9,
    request_reference: 'FR-9',
    order_id: null,
    inventory_allocated: true,
    to_name: 'Receiving',
    units: 20,
    allowed_actions: ['move', 'remove'],
    ...overrides,
  };
}
