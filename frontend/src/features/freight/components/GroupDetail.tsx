import { Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { LoadingView } from '../../../components/LoadingView';
import { codeLabel } from '../../../lib/labels';
import { useCarriers } from '../../../lib/reference-data/get-carriers';
import { useShipProfiles } from '../../../lib/reference-data/get-ship-profiles';
import { usePageTitle } from '../../../lib/use-page-title';
import { useGroup } from '../api/get-group';
import { allows } from '../group-rules';
import { BillOfLading } from './BillOfLading';
import { GroupActions } from './GroupActions';
import { GroupChecklist } from './GroupChecklist';
import { GroupComments } from './GroupComments';
import { CarrierCard, GroupAddressCard, SettingsCard } from './GroupFacts';
import { GroupShipMethodForm } from './GroupShipMethodForm';
import { GroupShipments } from './GroupShipments';
import { ShipmentsSideList } from './ShipmentsSideList';

/** /{clientId}/ltl/{id}: an LTL load (spec part 3, §2): approval and cancel, what it still needs, its bill of lading, settings, address, carrier method, shipments and comments. */
export function GroupDetail({ clientId, groupId }: { clientId: string; groupId: string }) {
  const { data: group, error } = useGroup(clientId, groupId);
  const { data: profiles } = useShipProfiles(clientId);
  const { data: carriers } = useCarriers();
  usePageTitle(`LTL Shipment Group ${groupId}`);

  if (error) {
    return (
      <section>
        <h2>LTL</h2>
        <Link to={`/${clientId}/ltl`}>Back to the shipment groups</Link>
      </section>
    );
  }
  if (!group) return <LoadingView />;

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="mb-0">LTL</h2>
        <span className="me-auto text-body-secondary" data-testid="group-title">
          Shipment group {group.id} · {codeLabel(group.status)}
        </span>
        <GroupActions clientId={clientId} group={group} />
      </div>
      <Row>
        <Col lg={3}>
          <ShipmentsSideList clientId={clientId} shipments={group.shipments} />
        </Col>
        <Col lg={9}>
          <Row>
            <Col xl={6}>
              {/* A cancelled load needs nothing any more. */}
              {group.status !== 'canceled' && <GroupChecklist clientId={clientId} checklist={group.checklist} />}
              <BillOfLading clientId={clientId} group={group} />
              <SettingsCard group={group} />
            </Col>
            <Col xl={6}>
              <GroupAddressCard clientId={clientId} group={group} />
              <CarrierCard group={group} profiles={profiles} carriers={carriers} />
              {allows(group, 'edit_method') && profiles && carriers && (
                <GroupShipMethodForm clientId={clientId} group={group} profiles={profiles} carriers={carriers} />
              )}
            </Col>
          </Row>
        </Col>
      </Row>
      <GroupShipments clientId={clientId} group={group} profiles={profiles} carriers={carriers} />
      <GroupComments clientId={clientId} groupId={group.id} canComment={allows(group, 'comment')} />
    </section>
  );
}
