import { describe, expect, it } from 'vitest';
import type { RequestSetItem, Shipment } from '../../lib/models';
import { canEditQuantities, canEditSets, hasLiveShipment, itemChanges, itemEdits } from './request-actions';

/** Shipments as the API answers them: `status:action,action` (what the lifecycle allows the user). */
const shipments = (...described: string[]) => ({
  shipments: described.map((text) => {
    const [status, actions] = text.split(':');
    return { status, allowed_actions: actions ? actions.split(',') : [] } as Shipment;
  }),
});
const item = (id: number, quantity: number, customs: string | null) =>
  ({ id, quantity, customs_value: customs, children: [] }) as unknown as RequestSetItem;

describe('what a request allows', () => {
  it('lowers quantities only while every live shipment allows it', () => {
    expect(canEditQuantities(shipments('ready_to_process:edit_quantities,edit_sets', 'canceled:comment'))).toBe(true);
    expect(canEditQuantities(shipments('ready_to_process:edit_quantities', 'processing:edit_sets'))).toBe(false);
    expect(canEditQuantities(shipments('canceled:comment'))).toBe(false);
  });

  it('edits sets while every live shipment allows it, and returns only what still ships', () => {
    expect(canEditSets(shipments('processing:edit_sets'))).toBe(true);
    expect(canEditSets(shipments('processing:edit_sets', 'pending_ship_label:comment'))).toBe(false);
    expect(canEditSets(shipments('validating'))).toBe(false);
    expect(hasLiveShipment(shipments('canceled'))).toBe(false);
    expect(hasLiveShipment(shipments('canceled', 'validating'))).toBe(true);
  });
});

describe('itemChanges', () => {
  it('sends every item by id with only what changed, a cleared customs value as null', () => {
    const items = [item(1, 3, null), item(2, 2, '24.50'), item(3, 1, '5.00')];
    const edits = { ...itemEdits(items), 1: { quantity: '2', customs_value: '10.5' }, 2: { quantity: '2', customs_value: '' } };

    expect(itemChanges(items, edits)).toEqual([
      { id: 1, quantity: 2, customs_value: 10.5 },
      { id: 2, customs_value: null },
      { id: 3 },
    ]);
  });
});
