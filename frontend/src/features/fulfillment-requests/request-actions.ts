import type { FulfillmentRequest, RequestSetItem } from '../../lib/models';

type Shipments = Pick<FulfillmentRequest, 'shipments'>;

/** Spec part 3, §4: cancel is offered before the warehouse starts on a shipment. */
export const CANCELABLE_STATUSES = ['validating', 'ready_to_process'];
/** Spec part 2, §4: item quantities are edited while every shipment is in these. */
const QUANTITY_STATUSES = CANCELABLE_STATUSES;
/** Spec part 2, §4: a set is edited while no shipment is past processing. */
const FIXED_STATUSES = ['pending_ship_label', 'shipped'];

/** The shipments that still go out (not cancelled). */
export function liveShipments(request: Shipments) {
  return request.shipments.filter((shipment) => shipment.status !== 'canceled');
}

/** Whether the request's sets may be changed (customs values, details): something is still to ship, none of it past processing. */
export function canEditSets(request: Shipments): boolean {
  return liveShipments(request).length > 0 && !request.shipments.some((shipment) => FIXED_STATUSES.includes(shipment.status));
}

/** Whether its items' quantities may be lowered: every shipment still to ship is validating or ready to process. */
export function canEditQuantities(request: Shipments): boolean {
  const live = liveShipments(request);
  return live.length > 0 && live.every((shipment) => QUANTITY_STATUSES.includes(shipment.status));
}

/** Whether Create Return and Cancel Request are offered: a request with no live shipment sends nothing. */
export function hasLiveShipment(request: Shipments): boolean {
  return liveShipments(request).length > 0;
}

/** What the set editor holds for an item: its quantity and customs value as typed. */
export interface ItemEdit {
  quantity: string;
  customs_value: string;
}

const customsText = (item: RequestSetItem) => String(item.customs_value ?? '');

export function itemEdits(items: RequestSetItem[]): Record<number, ItemEdit> {
  return Object.fromEntries(
    items.map((item) => [item.id, { quantity: String(item.quantity), customs_value: customsText(item) }]),
  );
}

/**
 * The set call's items: every item by its id (so a refusal's `items[n]` is the n-th row), with only
 * what was changed; a cleared customs value is sent as null.
 */
export function itemChanges(items: RequestSetItem[], edits: Record<number, ItemEdit>) {
  return items.map((item) => {
    const edit = edits[item.id];
    const change: { id: number; quantity?: number; customs_value?: number | null } = { id: item.id };
    if (edit.quantity !== String(item.quantity)) change.quantity = Number(edit.quantity);
    if (edit.customs_value !== customsText(item)) {
      change.customs_value = edit.customs_value === '' ? null : Number(edit.customs_value);
    }
    return change;
  });
}
