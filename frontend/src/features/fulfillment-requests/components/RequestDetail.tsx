import { Fragment, useState } from 'react';
import { Badge, Button, Col, Form, Row, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import { useAlerts } from '../../../components/Alerts';
import { Facts, Panel } from '../../../components/Facts';
import { LoadingView } from '../../../components/LoadingView';
import { BreadcrumbPanel } from '../../../components/request-log/BreadcrumbPanel';
import { RequestLogPanel } from '../../../components/request-log/RequestLogPanel';
import { formatDate, formatDateTime } from '../../../lib/format-datetime';
import { useCan, useCurrentUserContext } from '../../../lib/current-user';
import type { FulfillmentRequest, FulfillmentRequestUpdate, RequestSetItem } from '../../../lib/models';
import { useMutation } from '../../../lib/use-mutation';
import { usePageTitle } from '../../../lib/use-page-title';
import { useShipProfiles } from '../../../lib/reference-data/get-ship-profiles';
import { approveRequest } from '../api/approve-request';
import { cancelShipment } from '../api/cancel-shipment';
import { requestKey, useRequest } from '../api/get-request';
import { updateRequest } from '../api/update-request';
import { FILL_TYPES } from '../new-request';
import { ANY_SHIP_METHOD, requestShipProfile } from '../ship-profiles';

/** Spec part 3, §4: cancel is offered before the warehouse starts on a shipment. */
const CANCELABLE_STATUSES = ['validating', 'ready_to_process'];
const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');

/** /fulfillment_requests/{id}: the request's five cards, its sets and shipments, its returns. */
export function RequestDetail({ clientId, requestId }: { clientId: string; requestId: string }) {
  const { data: request, error } = useRequest(clientId, requestId);
  const { data: profiles } = useShipProfiles(clientId);
  const user = useCurrentUserContext();
  const canChange = useCan('create:fulfillment_requests');
  usePageTitle(request ? `Fulfillment Request ${request.fulfillment_request_id}` : 'Fulfillment Request');

  if (error) return <h2>Fulfillment Request</h2>;
  if (!request) return <LoadingView />;
  const address = request.to_address;
  const showApproval = request.requires_approval && request.requires_approval_reason && request.requires_approval_reason !== 'ltl';

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="mb-0 me-auto">Fulfillment Request {request.fulfillment_request_id}</h2>
        {canChange && (
          <Link to={`/${clientId}/fulfillment_requests/${request.id}/return/create`} className="btn btn-outline-primary btn-sm">
            Create Return
          </Link>
        )}
      </div>
      <Row>
        <Col lg={6}>
          <Facts
            title="Fulfillment Request"
            facts={[
              ...(user.isAdmin ? ([['Internal ID', request.id]] as [string, number][]) : []),
              ['Fulfillment Request ID', request.fulfillment_request_id],
              ['Order ID', request.order_id],
              ['Warehouse', request.warehouse_id],
              ['Order Date', formatDateTime(request.created_at)],
              ['Created By', request.created_by_username],
            ]}
          />
          <SettingsCard clientId={clientId} request={request} canChange={canChange} />
          {showApproval && <ApprovalCard clientId={clientId} request={request} canApprove={canChange} />}
        </Col>
        <Col lg={6}>
          <Facts
            title="Shipping Address"
            facts={[
              ['Name', address.name],
              ['Company', address.company],
              ['Address', [address.address_1, address.address_2, address.address_3].filter(Boolean).join(', ')],
              ['City', address.city],
              ['State', address.state],
              ['Postal Code', address.postal_code],
              ['Country', address.country],
              ['Phone', address.phone],
              ['E-mail', address.email],
              [
                'Validation',
                address.validation_status === 'validated' ? (
                  <Badge bg="success">Validated</Badge>
                ) : (
                  <span>
                    <Badge bg="danger">Invalid</Badge> {address.validation_error}{' '}
                    {canChange && <Link to={`/${clientId}/fulfillment_requests/fix_address?request=${request.id}`}>Fix Address</Link>}
                  </span>
                ),
              ],
            ]}
          />
          <Facts
            title="Shipping Carrier and Method"
            facts={[
              ['Ship Profile ID', requestShipProfile(request.ship_profile_id, profiles)],
              ['Ship Method', request.ship_method ?? ANY_SHIP_METHOD],
              ['Shipment Type', request.shipment_type],
              ['Billing', request.billing_type],
              ['Saturday Delivery', yesNo(request.saturday_delivery)],
              ['Signature Required', yesNo(request.signature_required)],
            ]}
          />
        </Col>
      </Row>
      <SetsCard request={request} />
      <ShipmentsCard clientId={clientId} request={request} canCancel={canChange} />
      {request.return_labels.length > 0 && (
        <Panel title="Expected Returns">
          <Table size="sm" className="mb-0">
            <thead>
              <tr>
                <th>Tracking Number</th>
                <th>Carrier</th>
                <th>Back To</th>
                <th>Created</th>
                <th>Received</th>
              </tr>
            </thead>
            <tbody>
              {request.return_labels.map((label) => (
                <tr key={label.id}>
                  <td>{label.tracking_number}</td>
                  <td>
                    {label.carrier} {label.ship_method}
                  </td>
                  <td>{label.warehouse_id}</td>
                  <td>{formatDateTime(label.created_at)}</td>
                  <td>{label.received_at ? formatDateTime(label.received_at) : 'Not yet'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Panel>
      )}
      {user.isAdmin && (
        <BreadcrumbPanel clientId={clientId} objectType="fulfillment_request" objectId={String(request.id)} refreshOn={request} />
      )}
      <RequestLogPanel clientId={clientId} objectType="fulfillment_request" objectId={String(request.id)} />
    </section>
  );
}

/** The request's shipments, each with what it still waits for; those not begun can be cancelled. */
function ShipmentsCard({ clientId, request, canCancel }: { clientId: string; request: FulfillmentRequest; canCancel: boolean }) {
  const { run, pending } = useMutation();
  const { show } = useAlerts();
  const { mutate } = useSWRConfig();

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
      <Table size="sm" className="mb-0">
        <thead>
          <tr>
            <th>ID</th>
            <th>Status</th>
            <th>Warehouse</th>
            <th>Inventory Allocated</th>
            <th>Waiting For</th>
            {canCancel && <th aria-label="Actions" />}
          </tr>
        </thead>
        <tbody>
          {request.shipments.map((shipment) => (
            <tr key={shipment.id}>
              <td>{shipment.id}</td>
              <td>{shipment.status}</td>
              <td>{shipment.warehouse_id}</td>
              <td>{yesNo(shipment.inventory_allocated)}</td>
              <td>{Object.values(shipment.checklist).join(' ')}</td>
              {canCancel && (
                <td className="text-end">
                  {CANCELABLE_STATUSES.includes(shipment.status) && (
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
      </Table>
    </Panel>
  );
}

/** The Settings card: fill type, desired ship date and references, editable while allowed. */
function SettingsCard({ clientId, request, canChange }: { clientId: string; request: FulfillmentRequest; canChange: boolean }) {
  const [values, setValues] = useState({
    fill_type: request.fill_type,
    desired_ship_date: request.desired_ship_date,
    reference1: request.reference1 ?? '',
    reference2: request.reference2 ?? '',
    reference3: request.reference3 ?? '',
  });
  const { run, pending } = useMutation();
  const { show } = useAlerts();
  const { mutate } = useSWRConfig();
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = await run(() =>
      updateRequest(clientId, request.id, {
        ...values,
        fill_type: values.fill_type as FulfillmentRequestUpdate['fill_type'],
        reference1: values.reference1 || null,
        reference2: values.reference2 || null,
        reference3: values.reference3 || null,
      }),
    );
    if (saved) {
      await mutate(requestKey(clientId, String(request.id)), saved, { revalidate: false });
      show('success', 'Saved');
    }
  };

  return (
    <Panel title="Settings">
      <Form onSubmit={save}>
        <Row className="g-2">
          <Form.Group as={Col} sm={6} controlId="fill-type">
            <Form.Label>Fill Type</Form.Label>
            <Form.Select value={values.fill_type} onChange={set('fill_type')} disabled={!canChange}>
              {FILL_TYPES.map((fillType) => (
                <option key={fillType}>{fillType}</option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group as={Col} sm={6} controlId="desired-ship-date">
            <Form.Label>Desired Ship Date</Form.Label>
            <Form.Control type="date" value={values.desired_ship_date} onChange={set('desired_ship_date')} disabled={!canChange} />
          </Form.Group>
          {(['reference1', 'reference2', 'reference3'] as const).map((name, index) => (
            <Form.Group as={Col} sm={4} controlId={name} key={name}>
              <Form.Label>Reference {index + 1}</Form.Label>
              <Form.Control value={values[name]} onChange={set(name)} maxLength={100} disabled={!canChange} />
            </Form.Group>
          ))}
        </Row>
        <div className="mt-2 d-flex gap-3 align-items-center">
          {canChange && (
            <Button type="submit" size="sm" disabled={pending}>
              Save
            </Button>
          )}
          <span className="text-muted small">
            Desired ship date {formatDate(request.desired_ship_date)} · Ship together {yesNo(request.ship_together)}
          </span>
        </div>
      </Form>
    </Panel>
  );
}

/** The Approval card (spec part 2, §4): 'Shopify Risk Analysis' for fraud. */
function ApprovalCard({ clientId, request, canApprove }: { clientId: string; request: FulfillmentRequest; canApprove: boolean }) {
  const { run, pending } = useMutation();
  const { show } = useAlerts();
  const { mutate } = useSWRConfig();
  const fraud = request.requires_approval_reason === 'fraud';

  const approve = async () => {
    const approved = await run(() => approveRequest(clientId, request.id));
    if (approved) {
      await mutate(requestKey(clientId, String(request.id)), approved, { revalidate: false });
      show('success', 'Fulfillment Request has been approved');
    }
  };

  return (
    <Panel title={fraud ? 'Shopify Risk Analysis' : 'Approval'}>
      <p className="mb-2">
        This request needs approval ({request.requires_approval_reason}).
        {fraud && request.shopify_risk_recommendation && ` Shopify recommends: ${request.shopify_risk_recommendation}.`}
        {fraud && request.shopify_risk_score !== null && ` Risk score ${request.shopify_risk_score}.`}
      </p>
      {canApprove && (
        <Button size="sm" onClick={approve} disabled={pending}>
          Approve
        </Button>
      )}
    </Panel>
  );
}

/** The sets, each item with its bundle or kit children behind a toggle. */
function SetsCard({ request }: { request: FulfillmentRequest }) {
  const [open, setOpen] = useState<Record<number, boolean>>({});
  const row = (item: RequestSetItem, child: boolean) => (
    <tr key={item.id} className={child ? 'table-light' : undefined}>
      <td className={child ? 'ps-4' : undefined}>
        {item.children.length > 0 && (
          <Button
            variant="link"
            size="sm"
            className="p-0 me-1"
            aria-expanded={Boolean(open[item.id])}
            aria-label={`${open[item.id] ? 'Hide' : 'Show'} the items of ${item.upc}`}
            onClick={() => setOpen((current) => ({ ...current, [item.id]: !current[item.id] }))}
          >
            {open[item.id] ? '▾' : '▸'}
          </Button>
        )}
        {item.upc}
      </td>
      <td>{item.name}</td>
      <td>{item.quantity}</td>
      <td>{item.quantity_allocated}</td>
      <td>{item.customs_value}</td>
    </tr>
  );

  return (
    <Panel title="Sets">
      {request.sets.map((requestSet, index) => (
        <div key={requestSet.id} className="mb-2">
          <div className="small text-muted mb-1">
            Set {index + 1} · {requestSet.type}
            {requestSet.gift_note && ` · Gift note: ${requestSet.gift_note}`}
          </div>
          <Table size="sm" className="mb-0">
            <thead>
              <tr>
                <th>UPC</th>
                <th>Name</th>
                <th>Quantity</th>
                <th>Allocated</th>
                <th>Customs Value</th>
              </tr>
            </thead>
            <tbody>
              {requestSet.items.map((item) => (
                <Fragment key={item.id}>
                  {row(item, false)}
                  {open[item.id] && item.children.map((child) => row(child, true))}
                </Fragment>
              ))}
            </tbody>
          </Table>
        </div>
      ))}
    </Panel>
  );
}
