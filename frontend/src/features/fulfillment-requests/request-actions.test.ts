import { describe, expect, it } from 'vitest';
import type { RequestSetItem, Shipment } from '../../lib/models';
import { canEditQuantities, canEditSets, hasLiveShipment, itemChanges, itemEdits } from './request-actions';

const shipments = (...statuses: string[]) => ({ shipments: statuses.map((status) => ({ status }) as Shipment) });
const item = (id: number, quantity: number, customs: string | null) =>
  ({ id, quantity, customs_value: customs, children: [] }) as unknown as RequestSetItem;

describe('what a request allows', () => {
  it('lowers quantities only while every live shipment is validating or ready to process', () => {
    expect(canEditQuantities(shipments('ready_to_process', 'canceled'))).toBe(true);
    expect(canEditQuantities(shipments('ready_to_process', 'processing'))).toBe(false);
    expect(canEditQuantities(shipments('canceled'))).toBe(false);
  });

  it('edits sets until a shipment is past processing, and returns only what still ships', () => {
    expect(canEditSets(shipments('processing'))).toBe(true);
    expect(canEditSets(shipments('processing', 'pending_ship_label'))).toBe(false);
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
