import { Route, Routes, useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { AddressFixer } from '../../features/fulfillment-requests/components/AddressFix';
import { EDI_RETAILERS } from '../../features/fulfillment-requests/new-request';
import { OrderShipments } from '../../features/shipments/components/OrderShipments';
import { ShipmentAddressEdit } from '../../features/shipments/components/ShipmentAddressEdit';
import { ShipmentDetail } from '../../features/shipments/components/ShipmentDetail';

/** /{clientId}/shipments/{id}: the shipment's page, given the retailers the request form offers. */
export function ShipmentRoutes({ clientId }: { clientId: string }) {
  return (
    <Routes>
      <Route path=":shipmentId" element={<ShipmentPage clientId={clientId} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

function ShipmentPage({ clientId }: { clientId: string }) {
  const { shipmentId = '' } = useParams();
  return <ShipmentDetail key={shipmentId} clientId={clientId} shipmentId={shipmentId} retailers={EDI_RETAILERS} />;
}

/** /{clientId}/orders/{id}: the shipments of an order. */
export function OrderRoute({ clientId }: { clientId: string }) {
  const { orderId = '' } = useParams();
  return <OrderShipments key={orderId} clientId={clientId} orderId={orderId} />;
}

/** /fulfillment_requests/{request}/shipments/{id}/to_address: the request's address fix page, fixing the shipment's address. */
export function ShipmentAddressRoute({ clientId }: { clientId: string }) {
  const { shipmentId = '' } = useParams();
  return <ShipmentAddressEdit key={shipmentId} clientId={clientId} shipmentId={shipmentId} AddressFixer={AddressFixer} />;
}
