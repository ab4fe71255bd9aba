import { Panel } from '../../../components/Facts';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { formatDate } from '../../../lib/format-datetime';
import type { ItemType } from '../../../lib/models';

const formatArrival = (isoDate: string | null) => (isoDate === null ? '' : formatDate(isoDate));

export function InboundInventory({ item }: { item: ItemType }) {
  const lines = item.open_asns.flatMap((asn) =>
    asn.expected_inbound_shipments.flatMap((shipment) =>
      shipment.expected_inbound_shipment_items.map((line) => ({ asn, shipment, line })),
    ),
  );
  return (
    <Panel title="Inbound Inventory">
      {lines.length === 0 ? (
        <p className="text-muted mb-0">No open ASNs for this product.</p>
      ) : (
        <ResponsiveTable size="sm" className="mb-0" label="Inbound Inventory">
          <thead>
            <tr>
              <th>ASN ID</th>
              <th>Warehouse</th>
              <th>Tracking</th>
              <th>Expected Arrival</th>
              <th>Expected</th>
              <th>Received</th>
            </tr>
          </thead>
          <tbody>
            {lines.map(({ asn, shipment, line }) => (
              <tr key={line.id}>
                <td>{asn.external_id}</td>
                <td>{asn.warehouse_id}</td>
                <td>{shipment.tracking_id}</td>
                <td>{formatArrival(shipment.expected_arrival_date ?? asn.expected_arrival_date)}</td>
                <td>{line.quantity}</td>
                <td>{line.received_quantity}</td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
      )}
    </Panel>
  );
}
