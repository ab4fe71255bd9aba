import { describe, expect, it } from 'vitest';
import { groupRmaRows, RMA_COLUMNS } from './group-rma-rows';
import { formatRowProblem, parseCsvText } from './read-csv-file';

const HEADER = RMA_COLUMNS.join(',');

function rowsOf(...lines: string[]) {
  return parseCsvText([HEADER, ...lines].join('\r\n')).rows;
}

describe('groupRmaRows', () => {
  it('groups rows by warehouse and RMA id, then by tracking, date and carrier, keeping each line', () => {
    const { rmas, problems } = groupRmaRows(
      rowsOf(
        'FR-1,ORD-1,Damaged,CA01,RMA-1,UPS,1Z1,2026-12-01,111,2,DMG,"Box torn, wet"',
        'FR-1,ORD-1,Damaged,CA01,RMA-1,UPS,1Z1,2026-12-01,222,1,DMG,',
        'FR-1,ORD-1,Damaged,CA01,RMA-1,FEDEX,7777,2026-12-03,333,5,WRONG,Wrong size',
        'FR-2,ORD-2,Unwanted,NJ01,RMA-1,UPS,1Z9,2026-12-02,111,1,UNW,',
        'FR-1,ORD-1,Damaged,CA01,RMA-1,UPS,1Z1,2026-12-01,444,3,DMG,',
      ),
    );

    expect(problems).toEqual([]);
    expect(rmas).toEqual([
      {
        warehouse_id: 'CA01',
        rma_id: 'RMA-1',
        reason: 'Damaged',
        fulfillment_request_id: 'FR-1',
        order_id: 'ORD-1',
        expected_inbound_shipments: [
          {
            tracking_id: '1Z1',
            expected_arrival_date: '2026-12-01',
            carrier_id: 'UPS',
            items: [
              { upc: '111', quantity: '2', reason_code: 'DMG', reason_notes: 'Box torn, wet', line: 2 },
              { upc: '222', quantity: '1', reason_code: 'DMG', reason_notes: '', line: 3 },
              { upc: '444', quantity: '3', reason_code: 'DMG', reason_notes: '', line: 6 },
            ],
          },
          {
            tracking_id: '7777',
            expected_arrival_date: '2026-12-03',
            carrier_id: 'FEDEX',
            items: [{ upc: '333', quantity: '5', reason_code: 'WRONG', reason_notes: 'Wrong size', line: 4 }],
          },
        ],
      },
      {
        warehouse_id: 'NJ01',
        rma_id: 'RMA-1',
        reason: 'Unwanted',
        fulfillment_request_id: 'FR-2',
        order_id: 'ORD-2',
        expected_inbound_shipments: [
          {
            tracking_id: '1Z9',
            expected_arrival_date: '2026-12-02',
            carrier_id: 'UPS',
            items: [{ upc: '111', quantity: '1', reason_code: 'UNW', reason_notes: '', line: 5 }],
          },
        ],
      },
    ]);
  });

  it('splits shipments that differ only in date or carrier', () => {
    const { rmas } = groupRmaRows(
      rowsOf(
        'FR-1,ORD-1,Damaged,CA01,RMA-1,UPS,1Z1,2026-12-01,111,1,DMG,',
        'FR-1,ORD-1,Damaged,CA01,RMA-1,UPS,1Z1,2026-12-02,111,1,DMG,',
        'FR-1,ORD-1,Damaged,CA01,RMA-1,USPS,1Z1,2026-12-01,111,1,DMG,',
      ),
    );
    expect(rmas).toHaveLength(1);
    expect(rmas[0].expected_inbound_shipments.map((shipment) => shipment.items.map((item) => item.line))).toEqual([[2], [3], [4]]);
  });

  it('names a row that gives one RMA another reason or order instead of overwriting it', () => {
    const { rmas, problems } = groupRmaRows(
      rowsOf(
        'FR-1,ORD-1,Damaged,CA01,RMA-1,UPS,1Z1,2026-12-01,111,1,DMG,',
        'FR-1,ORD-9,Unwanted,CA01,RMA-1,UPS,1Z1,2026-12-01,222,1,DMG,',
      ),
    );
    expect(problems.map(formatRowProblem)).toEqual([
      "Row 3: reason 'Unwanted' differs from 'Damaged' on line 2 of RMA 'RMA-1'. order_id 'ORD-9' differs from 'ORD-1' on line 2 of RMA 'RMA-1'.",
    ]);
    expect(rmas[0].expected_inbound_shipments[0].items.map((item) => item.upc)).toEqual(['111']);
  });
});
