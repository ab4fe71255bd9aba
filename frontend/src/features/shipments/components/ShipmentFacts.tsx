import { Link } from 'react-router';
import { Facts } from '../../../components/Facts';
import { ShipToCard } from '../../../components/ShipToCard';
import { formatDateTime } from '../../../lib/format-datetime';
import { codeLabel, shipMethodLabel } from '../../../lib/labels';
import type { Carrier } from '../../../lib/models';
import type { Shipment } from '../types';

const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');
const when = (timestamp: string | null) => (timestamp ? formatDateTime(timestamp) : '');

/** The tracking number, linked to the carrier's tracking page when the warehouse reported one. */
export function TrackingLink({ number, url }: { number: string | null; url: string | null }) {
  if (!number) return null;
  if (!url) return <>{number}</>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {number}
    </a>
  );
}

/** The Summary card: the request and order it belongs to, where and how it ships, what the warehouse reported. */
export function SummaryCard({ clientId, shipment, carriers }: { clientId: string; shipment: Shipment; carriers?: Carrier[] }) {
  return (
    <Facts
      title="Summary"
      facts={[
        [
          'Fulfillment Request',
          <Link key="request" to={`/${clientId}/fulfillment_requests/${shipment.request_id}`}>
            {shipment.fulfillment_request_id}
          </Link>,
        ],
        [
          'Order ID',
          shipment.order_id && (
            <Link key="order" to={`/${clientId}/orders/${encodeURIComponent(shipment.order_id)}`}>
              {shipment.order_id}
            </Link>
          ),
        ],
        ['Warehouse', shipment.warehouse_id],
        ['Ship Method', shipment.ship_method ? shipMethodLabel(shipment.ship_method, carriers) : 'Any'],
        ['Carrier', shipment.carrier],
        ['Fill Type', codeLabel(shipment.fill_type)],
        ['Inventory Allocated', yesNo(shipment.inventory_allocated)],
        [
          'Shipment Group',
          shipment.shipment_group_id !== null && (
            <Link key="group" to={`/${clientId}/ltl/${shipment.shipment_group_id}`}>
              {shipment.shipment_group_id}
            </Link>
          ),
        ],
        ['Tracking Number', <TrackingLink key="tracking" number={shipment.tracking_number} url={shipment.tracking_url} />],
        ['Master Tracking ID', shipment.master_tracking_id],
        ['Weight (lbs)', shipment.weight],
        ['Created', when(shipment.created_at)],
        ['Shipped', when(shipment.shipped_at)],
        ['Delivered', when(shipment.delivered_at)],
      ]}
    />
  );
}

/** The ship-to address (its request's), how it validated, and the way to change it while allowed. */
export function AddressCard({ clientId, shipment }: { clientId: string; shipment: Shipment }) {
  const changePath = shipment.allowed_actions.includes('edit_address')
    ? `/${clientId}/fulfillment_requests/${shipment.request_id}/shipments/${shipment.id}/to_address`
    : undefined;
  return <ShipToCard address={shipment.to_address} changePath={changePath} />;
}
