import type { CsvRow, RowProblem } from './read-csv-file';

/** The columns of an RMA file (spec part 1, section 5). */
export const RMA_COLUMNS = [
  'fulfillment_request_id',
  'order_id',
  'reason',
  'warehouse_id',
  'rma_id',
  'carrier_id',
  'tracking_id',
  'expected_arrival_date',
  'upc',
  'quantity',
  'reason_code',
  'reason_notes',
] as const;

export interface RmaUploadItem {
  upc: string;
  quantity: string;
  reason_code: string;
  reason_notes: string;
  /** The CSV line the item came from, so the API's errors name it. */
  line: number;
}

export interface RmaUploadShipment {
  tracking_id: string;
  expected_arrival_date: string;
  carrier_id: string;
  items: RmaUploadItem[];
}

export interface RmaUpload {
  warehouse_id: string;
  rma_id: string;
  reason: string;
  fulfillment_request_id: string;
  order_id: string;
  expected_inbound_shipments: RmaUploadShipment[];
}

/** Fields that belong to the RMA as a whole: every row of one RMA must agree on them. */
const RMA_LEVEL_FIELDS = ['reason', 'fulfillment_request_id', 'order_id'] as const;

interface GroupedRma {
  rma: RmaUpload;
  firstLine: number;
  shipments: Map<string, RmaUploadShipment>;
}

/**
 * Groups the rows of an RMA file by warehouse and RMA id, then by tracking id, expected arrival
 * date and carrier (spec part 1, section 5), in the order they first appear. A row that names an
 * RMA already seen with another reason, order or fulfillment request is a problem, not overwritten.
 */
export function groupRmaRows(rows: CsvRow[]): { rmas: RmaUpload[]; problems: RowProblem[] } {
  const groups = new Map<string, GroupedRma>();
  const problems: RowProblem[] = [];

  for (const { line, values } of rows) {
    const rmaKey = JSON.stringify([values.warehouse_id, values.rma_id]);
    let group = groups.get(rmaKey);
    if (!group) {
      group = {
        rma: {
          warehouse_id: values.warehouse_id,
          rma_id: values.rma_id,
          reason: values.reason,
          fulfillment_request_id: values.fulfillment_request_id,
          order_id: values.order_id,
          expected_inbound_shipments: [],
        },
        firstLine: line,
        shipments: new Map(),
      };
      groups.set(rmaKey, group);
    }
    const { rma, firstLine, shipments } = group;
    const disagreeing = RMA_LEVEL_FIELDS.filter((field) => values[field] !== rma[field]);
    if (disagreeing.length > 0) {
      problems.push({
        line,
        message: disagreeing
          .map((field) => `${field} '${values[field]}' differs from '${rma[field]}' on line ${firstLine} of RMA '${rma.rma_id}'.`)
          .join(' '),
      });
      continue;
    }

    const shipmentKey = JSON.stringify([values.tracking_id, values.expected_arrival_date, values.carrier_id]);
    let shipment = shipments.get(shipmentKey);
    if (!shipment) {
      shipment = {
        tracking_id: values.tracking_id,
        expected_arrival_date: values.expected_arrival_date,
        carrier_id: values.carrier_id,
        items: [],
      };
      shipments.set(shipmentKey, shipment);
      rma.expected_inbound_shipments.push(shipment);
    }
    shipment.items.push({
      upc: values.upc,
      quantity: values.quantity,
      reason_code: values.reason_code,
      reason_notes: values.reason_notes,
      line,
    });
  }

  return { rmas: [...groups.values()].map((group) => group.rma), problems };
}
