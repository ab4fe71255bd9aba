import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { Panel } from '../../../components/Facts';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { codeLabel } from '../../../lib/labels';
import type { Carrier, ShipProfile } from '../../../lib/models';
import type { GroupShipment, ShipmentGroup } from '../types';
import { MoveShipmentDialog } from './MoveShipmentDialog';
import { RemoveShipmentDialog } from './RemoveShipmentDialog';

interface GroupShipmentsProps {
  clientId: string;
  group: ShipmentGroup;
  profiles?: ShipProfile[];
  carriers?: Carrier[];
}

type Dialog = { kind: 'move' | 'remove'; shipment: GroupShipment } | null;

/** The load's shipments, each with its request and order, and while the group is open 'Move To Shipment Group...' or 'Remove From Shipment Group'. */
export function GroupShipments({ clientId, group, profiles, carriers }: GroupShipmentsProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const withActions = group.shipments.some((shipment) => shipment.allowed_actions.length > 0);
  const close = () => setDialog(null);

  return (
    <Panel title="Shipments">
      {group.shipments.length === 0 ? (
        <p className="text-muted mb-0">No shipment travels in this group any more.</p>
      ) : (
        <ResponsiveTable label="Shipments of the group" size="sm" className="mb-0">
          <thead>
            <tr>
              <th>ID</th>
              <th>Fulfillment Request</th>
              <th>Order ID</th>
              <th>Ship To</th>
              <th>Units</th>
              <th>Inventory Allocated</th>
              <th>Status</th>
              {withActions && <th aria-label="Actions" />}
            </tr>
          </thead>
          <tbody>
            {group.shipments.map((shipment) => (
              <tr key={shipment.id}>
                <td>
                  <Link to={`/${clientId}/shipments/${shipment.id}`}>{shipment.id}</Link>
                </td>
                <td className="text-break">
                  <Link to={`/${clientId}/fulfillment_requests/${shipment.fulfillment_request_id}`}>{shipment.request_reference}</Link>
                </td>
                <td className="text-break">{shipment.order_id}</td>
                <td>{shipment.to_name}</td>
                <td>{shipment.units}</td>
                <td>{shipment.inventory_allocated ? 'Yes' : 'No'}</td>
                <td className="text-nowrap">{codeLabel(shipment.status)}</td>
                {withActions && (
                  <td className="text-end text-nowrap">
                    {shipment.allowed_actions.includes('move') && (
                      <Button
                        size="sm"
                        variant="outline-primary"
                        className="me-1"
                        onClick={() => setDialog({ kind: 'move', shipment })}
                        aria-label={`Move To Shipment Group... (shipment ${shipment.id})`}
                      >
                        Move To Shipment Group...
                      </Button>
                    )}
                    {shipment.allowed_actions.includes('remove') && profiles && carriers && (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        onClick={() => setDialog({ kind: 'remove', shipment })}
                        aria-label={`Remove From Shipment Group (shipment ${shipment.id})`}
                      >
                        Remove From Shipment Group
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
      )}
      {dialog?.kind === 'move' && <MoveShipmentDialog clientId={clientId} group={group} shipment={dialog.shipment} onClose={close} />}
      {dialog?.kind === 'remove' && profiles && carriers && (
        <RemoveShipmentDialog clientId={clientId} group={group} shipment={dialog.shipment} profiles={profiles} carriers={carriers} onClose={close} />
      )}
    </Panel>
  );
}
