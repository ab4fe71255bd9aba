import type { FulfillmentRequest, RequestSetItem } from '../../lib/models';

type Shipments = Pick<FulfillmentRequest, 'shipments'>;
type ShipmentAction = FulfillmentRequest['shipments'][number]['allowed_actions'][number];

/** The shipments that still go out (not cancelled). */
export function liveShipments(request: Shipments) {
  return request.shipments.filter((shipment) => shipment.status !== 'canceled');
}

/** Whether something is still to ship and every shipment that is allows `action` to the user (the API's lifecycle decides). */
function everyLiveShipmentAllows(request: Shipments, action: ShipmentAction): boolean {
  const live = liveShipments(request);
  return live.length > 0 && live.every((shipment) => shipment.allowed_actions.includes(action));
}

/** Whether the request's sets may be changed (customs values, details). */
export function canEditSets(request: Shipments): boolean {
  return everyLiveShipmentAllows(request, 'edit_sets');
}

/** Whether its items' quantities may be lowered. */
export function canEditQuantities(request: Shipments): boolean {
  return everyLiveShipmentAllows(request, 'edit_quantities');
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
