import { Panel } from '../../../components/Facts';
import { formatDateTime } from '../../../lib/format-datetime';
import { shipMethodLabel } from '../../../lib/labels';
import type { Carrier, FulfillmentRequest } from '../../../lib/models';
import { ResponsiveTable } from '../../../components/ResponsiveTable';

/** The returns the warehouses expect for the request, and when each arrived. */
export function ReturnsCard({ request, carriers }: { request: FulfillmentRequest; carriers?: Carrier[] }) {
  return (
    <Panel title="Expected Returns">
      <ResponsiveTable label="Expected returns" size="sm" className="mb-0">
        <thead>
          <tr>
            <th>Tracking Number</th>
            <th>Carrier</th>
            <th>Back To</th>
            <th>Created</th>
            <th>Received</th>
          </tr>
        </thead>
        <tbody>
          {request.return_labels.map((label) => (
            <tr key={label.id}>
              <td>{label.tracking_number}</td>
              <td>
                {label.carrier} {shipMethodLabel(label.ship_method, carriers)}
              </td>
              <td>{label.warehouse_id}</td>
              <td>{formatDateTime(label.created_at)}</td>
              <td>{label.received_at ? formatDateTime(label.received_at) : 'Not yet'}</td>
            </tr>
          ))}
        </tbody>
      </ResponsiveTable>
    </Panel>
  );
}
