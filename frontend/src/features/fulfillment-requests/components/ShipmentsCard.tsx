import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import { Panel } from '../../../components/Facts';
import { useAlerts } from '../../../components/Alerts';
import { codeLabel } from '../../../lib/labels';
import type { FulfillmentRequest } from '../../../lib/models';
import { useMutation } from '../../../lib/use-mutation';
import { cancelShipment } from '../api/cancel-shipment';
import { requestKey } from '../api/get-request';
import { yesNo } from './RequestFacts';
import { ResponsiveTable } from '../../../components/ResponsiveTable';

/** The request's shipments, each linked to its page with its tracking linked out, with what it still waits for; those the user may cancel have Cancel. */
export function ShipmentsCard({ clientId, request }: { clientId: string; request: FulfillmentRequest }) {
  const { run, pending } = useMutation();
  const { show } = useAlerts();
  const { mutate } = useSWRConfig();
  const canCancel = request.shipments.some((shipment) => shipment.allowed_actions.includes('cancel'));

  const cancel = async (shipmentId: number) => {
    if (!window.confirm(`Are you sure you wan't to cancel shipment ${shipmentId}?`)) return;
    const cancelled = await run(() => cancelShipment(clientId, shipmentId));
    if (cancelled) {
      // The request changes beyond this shipment: its sets' allocated units, a waiting shipment that took them.
      await mutate(requestKey(clientId, String(request.id)));
      show('success', `Shipment ${shipmentId} has been cancelled`);
    }
  };

  return (
    <Panel title="Shipments">
      <ResponsiveTable label="Shipments of the request" size="sm" className="mb-0">
        <thead>
          <tr>
            <th>ID</th>
            <th>Status</th>
            <th>Tracking</th>
            <th>Warehouse</th>
            <th>Inventory Allocated</th>
            <th>Waiting For</th>
            {canCancel && <th aria-label="Actions" />}
          </tr>
        </thead>
        <tbody>
          {request.shipments.map((shipment) => (
            <tr key={shipment.id}>
              <td>
                <Link to={`/${clientId}/shipments/${shipment.id}`}>{shipment.id}</Link>
              </td>
              <td className="text-nowrap">{codeLabel(shipment.status)}</td>
              <td>
                {shipment.tracking_url ? (
                  <a href={shipment.tracking_url} target="_blank" rel="noopener noreferrer">
                    {shipment.tracking_number}
                  </a>
                ) : (
                  shipment.tracking_number
                )}
              </td>
              <td>{shipment.warehouse_id}</td>
              <td>{yesNo(shipment.inventory_allocated)}</td>
              <td>{Object.values(shipment.checklist).join(' ')}</td>
              {canCancel && (
                <td className="text-end">
                  {shipment.allowed_actions.includes('cancel') && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => void cancel(shipment.id)}
                      disabled={pending}
                      aria-label={`Cancel shipment ${shipment.id}`}
                    >
                      Cancel
                    </Button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </ResponsiveTable>
    </Panel>
  );
}
