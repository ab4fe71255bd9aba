import { Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { LoadingView } from '../../../components/LoadingView';
import { BreadcrumbPanel } from '../../../components/request-log/BreadcrumbPanel';
import { RequestLogPanel } from '../../../components/request-log/RequestLogPanel';
import { useCan, useCurrentUserContext } from '../../../lib/current-user';
import { useCarriers } from '../../../lib/reference-data/get-carriers';
import { useShipProfiles } from '../../../lib/reference-data/get-ship-profiles';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRequest } from '../api/get-request';
import { requestHistoryPath } from '../api/get-request-history';
import { hasLiveShipment } from '../request-actions';
import { ApprovalCard } from './ApprovalCard';
import { CancelRequestButton } from './CancelRequestButton';
import { AddressCard, CarrierCard, RequestCard } from './RequestFacts';
import { ReturnsCard } from './ReturnsCard';
import { SetsCard } from './SetsCard';
import { SettingsCard } from './SettingsCard';
import { ShipmentsCard } from './ShipmentsCard';

/** /fulfillment_requests/{id}: the request's five cards, its sets and shipments, its returns and its history. */
export function RequestDetail({ clientId, requestId }: { clientId: string; requestId: string }) {
  const { data: request, error } = useRequest(clientId, requestId);
  const { data: profiles } = useShipProfiles(clientId);
  const { data: carriers } = useCarriers();
  const user = useCurrentUserContext();
  const canChange = useCan('create:fulfillment_requests');
  usePageTitle(request ? `Fulfillment Request ${request.fulfillment_request_id}` : 'Fulfillment Request');

  if (error) return <h2>Fulfillment Request</h2>;
  if (!request) return <LoadingView />;
  const showApproval = request.requires_approval && request.requires_approval_reason && request.requires_approval_reason !== 'ltl';
  const live = hasLiveShipment(request);

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="mb-0 me-auto text-break">Fulfillment Request {request.fulfillment_request_id}</h2>
        {request.shipment_group_id !== null && (
          <Link to={`/${clientId}/ltl/${request.shipment_group_id}`} className="btn btn-outline-secondary btn-sm">
            LTL Shipment Group {request.shipment_group_id}
          </Link>
        )}
        {canChange && live && (
          <>
            <Link to={`/${clientId}/fulfillment_requests/${request.id}/return/create`} className="btn btn-outline-primary btn-sm">
              Create Return
            </Link>
            <CancelRequestButton clientId={clientId} request={request} />
          </>
        )}
      </div>
      <Row>
        <Col lg={6}>
          <RequestCard request={request} isAdmin={user.isAdmin} />
          <SettingsCard clientId={clientId} request={request} canChange={canChange && live} />
          {showApproval && <ApprovalCard clientId={clientId} request={request} canApprove={canChange} />}
        </Col>
        <Col lg={6}>
          <AddressCard clientId={clientId} request={request} canChange={canChange} />
          <CarrierCard request={request} profiles={profiles} carriers={carriers} />
        </Col>
      </Row>
      <SetsCard clientId={clientId} request={request} canChange={canChange} />
      <ShipmentsCard clientId={clientId} request={request} />
      {request.return_labels.length > 0 && <ReturnsCard request={request} carriers={carriers} />}
      <BreadcrumbPanel
        clientId={clientId}
        objectType="fulfillment_request"
        objectId={String(request.id)}
        title="History"
        path={requestHistoryPath(request.id)}
        refreshOn={request}
      />
      <RequestLogPanel clientId={clientId} objectType="fulfillment_request" objectId={String(request.id)} />
    </section>
  );
}
