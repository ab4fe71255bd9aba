import { ListGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import { codeLabel } from '../../../lib/labels';
import type { GroupShipment } from '../types';

/** Spec part 2, §2 and the issue: the side list's rows are 70 px high. */
export const SIDE_ROW_HEIGHT = 70;

/** The side navigation of the group's shipments, each row leading to the shipment's page. */
export function ShipmentsSideList({ clientId, shipments }: { clientId: string; shipments: GroupShipment[] }) {
  return (
    <nav aria-label="Shipments in this group" className="mb-3">
      <h3 className="h6">Shipments ({shipments.length})</h3>
      <ListGroup style={{ maxHeight: 'calc(100vh - 200px)', overflowY: 'auto' }}>
        {shipments.map((shipment) => (
          <ListGroup.Item
            key={shipment.id}
            as={Link}
            to={`/${clientId}/shipments/${shipment.id}`}
            action
            className="d-flex flex-column justify-content-center"
            style={{ height: SIDE_ROW_HEIGHT }}
          >
            <span className="fw-semibold text-primary">Shipment {shipment.id}</span>
            <span className="small text-truncate">
              {shipment.request_reference} · {codeLabel(shipment.status)}
            </span>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </nav>
  );
}
