import { Link } from 'react-router';
import { Panel } from '../../../components/Facts';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { formatDateTime } from '../../../lib/format-datetime';
import { codeLabel } from '../../../lib/labels';
import type { ItemType } from '../../../lib/models';

export function OpenShipments({ item, clientId }: { item: ItemType; clientId: string }) {
  return (
    <Panel title="Open Shipments">
      {item.open_shipments.length === 0 ? (
        <p className="text-muted mb-0">No open shipments.</p>
      ) : (
        <ResponsiveTable size="sm" className="mb-0" label="Open Shipments">
          <thead>
            <tr>
              <th>Order ID</th>
              <th>Fulfillment Request</th>
              <th>Shipment</th>
              <th>Order Date</th>
              <th>Status</th>
              <th>Warehouse</th>
              <th>Allocated</th>
              <th>Needed</th>
            </tr>
          </thead>
          <tbody>
            {item.open_shipments.map((shipment) => (
              <tr key={shipment.shipment_id}>
                <td>{shipment.order_id}</td>
                <td>
                  <Link to={`/${clientId}/fulfillment_requests/${shipment.request_id}`}>{shipment.fulfillment_request_id}</Link>
                </td>
                <td>{shipment.shipment_id}</td>
                <td>{formatDateTime(shipment.order_date)}</td>
                <td>{codeLabel(shipment.status)}</td>
                <td>{codeLabel(shipment.warehouse_id)}</td>
                <td>{shipment.quantity_allocated}</td>
                <td>{shipment.quantity_needed}</td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
      )}
    </Panel>
  );
}
