import { Col, Row } from 'react-bootstrap';
import { LoadingView } from '../../../components/LoadingView';
import { useCarriers } from '../../../lib/reference-data/get-carriers';
import { useShipProfiles } from '../../../lib/reference-data/get-ship-profiles';
import { usePageTitle } from '../../../lib/use-page-title';
import { useShipment } from '../api/get-shipment';
import { allows } from '../status';
import { CancelShipmentButton } from './CancelShipmentButton';
import { CustomLabelCard } from './CustomLabelCard';
import { RetailEdiCard } from './RetailEdiCard';
import { ShipMethodCard } from './ShipMethodCard';
import { AddressCard, SummaryCard } from './ShipmentFacts';
import { ShipmentComments } from './ShipmentComments';
import { ShipmentHistory } from './ShipmentHistory';
import { ShipmentSets } from './ShipmentSets';
import { ShippingDocuments } from './ShippingDocuments';
import { StatusBreadcrumb } from './StatusBreadcrumb';
import { ValidationChecklist } from './ValidationChecklist';

interface ShipmentDetailProps {
  clientId: string;
  shipmentId: string;
  /** The EDI retailers the request form offers (handed over by the route). */
  retailers: readonly string[];
}

/** /{clientId}/shipments/{id}: where the shipment stands, what it still needs, what it holds, its files, EDI, comments and history; each change offered only while its allowed_actions has it. */
export function ShipmentDetail({ clientId, shipmentId, retailers }: ShipmentDetailProps) {
  const { data: shipment, error } = useShipment(clientId, shipmentId);
  const { data: carriers } = useCarriers();
  const { data: profiles } = useShipProfiles(clientId);
  usePageTitle(`Shipment ${shipmentId}`);

  if (error) return <h2>Shipment {shipmentId}</h2>;
  if (!shipment) return <LoadingView />;

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="mb-0 me-auto">Shipment {shipment.id}</h2>
        {allows(shipment, 'cancel') && <CancelShipmentButton clientId={clientId} shipmentId={shipment.id} />}
      </div>
      <StatusBreadcrumb status={shipment.status} reason={shipment.exception_reason} />
      <Row>
        <Col lg={6}>
          <SummaryCard clientId={clientId} shipment={shipment} carriers={carriers} />
          {allows(shipment, 'edit_method') && profiles && carriers && (
            <ShipMethodCard clientId={clientId} shipment={shipment} profiles={profiles} carriers={carriers} />
          )}
        </Col>
        <Col lg={6}>
          {shipment.checklist.length > 0 && <ValidationChecklist clientId={clientId} checklist={shipment.checklist} />}
          <AddressCard clientId={clientId} shipment={shipment} />
        </Col>
      </Row>
      <ShipmentSets clientId={clientId} shipment={shipment} />
      <Row>
        <Col lg={6}>
          <ShippingDocuments clientId={clientId} shipment={shipment} />
        </Col>
        <Col lg={6}>
          <CustomLabelCard clientId={clientId} shipment={shipment} />
        </Col>
      </Row>
      <RetailEdiCard clientId={clientId} shipment={shipment} retailers={retailers} />
      <ShipmentComments clientId={clientId} shipmentId={shipment.id} canComment={allows(shipment, 'comment')} />
      <ShipmentHistory clientId={clientId} shipmentId={shipment.id} />
    </section>
  );
}
