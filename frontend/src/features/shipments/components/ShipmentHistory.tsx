import { Panel } from '../../../components/Facts';
import { LoadingView } from '../../../components/LoadingView';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { formatDateTime } from '../../../lib/format-datetime';
import { codeLabel } from '../../../lib/labels';
import { useShipmentHistory } from '../api/get-shipment-history';

/** History: every change of the shipment's status, newest first, with who made it and why. */
export function ShipmentHistory({ clientId, shipmentId }: { clientId: string; shipmentId: number }) {
  const { data } = useShipmentHistory(clientId, shipmentId);
  return (
    <Panel title="History">
      {!data ? (
        <LoadingView />
      ) : (
        <ResponsiveTable label="Status history" size="sm" striped className="mb-0">
          <thead>
            <tr>
              <th>Date</th>
              <th>Status</th>
              <th>Reason</th>
              <th>By</th>
            </tr>
          </thead>
          <tbody>
            {data.history.map((change) => (
              <tr key={`${change.created_at}-${change.to_status}`}>
                <td className="text-nowrap">{formatDateTime(change.created_at)}</td>
                <td>{change.from_status ? `${codeLabel(change.from_status)} → ${codeLabel(change.to_status)}` : codeLabel(change.to_status)}</td>
                <td>{change.reason}</td>
                <td>{change.actor}</td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
      )}
    </Panel>
  );
}
