import { Link } from 'react-router';
import { LoadingView } from '../../../components/LoadingView';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { codeLabel } from '../../../lib/labels';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOrderShipments } from '../api/get-order-shipments';
import { TrackingLink } from './ShipmentFacts';

/** /{clientId}/orders/{id}: the shipments of an order (the client's order id), up to 9999 on one page. */
export function OrderShipments({ clientId, orderId }: { clientId: string; orderId: string }) {
  const { data, error } = useOrderShipments(clientId, orderId);
  usePageTitle(`Order ${orderId}`);

  return (
    <section>
      <h2 className="mb-3 text-break">Order {orderId}</h2>
      {error ? (
        <p className="text-danger">The shipments of this order could not be loaded: {error instanceof Error ? error.message : String(error)}</p>
      ) : !data ? (
        <LoadingView />
      ) : data.shipments.length === 0 ? (
        <p>This order has no shipments.</p>
      ) : (
        <ResponsiveTable label="Shipments of the order" size="sm" striped>
          <thead>
            <tr>
              <th>Order ID</th>
              <th>Fulfillment Request Id</th>
              <th>Shipment ID</th>
              <th>Status</th>
              <th>Tracking Number</th>
            </tr>
          </thead>
          <tbody>
            {data.shipments.map((shipment) => (
              <tr key={shipment.id}>
                <td>{shipment.order_id}</td>
                <td>
                  <Link to={`/${clientId}/fulfillment_requests/${shipment.request_id}`}>{shipment.fulfillment_request_id}</Link>
                </td>
                <td>
                  <Link to={`/${clientId}/shipments/${shipment.id}`}>{shipment.id}</Link>
                </td>
                <td>{codeLabel(shipment.status)}</td>
                <td>
                  <TrackingLink number={shipment.tracking_number} url={shipment.tracking_url} />
                </td>
              </tr>
            ))}
          </tbody>
        </ResponsiveTable>
      )}
    </section>
  );
}
