import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Form, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { JobProgress } from '../../../components/job-progress/JobProgress';
import { isJobFinished, useJob } from '../../../components/job-progress/get-job';
import { LoadingView } from '../../../components/LoadingView';
import { ApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format-datetime';
import { useMutation } from '../../../lib/use-mutation';
import { useShopOrders, type ShopOrder } from '../api/get-shop-orders';
import { importShopOrders } from '../api/import-shop-orders';

/** The import job's progress; once it has finished, the list is read again so imported orders link to their requests. */
function ImportProgress({ jobId, clientId, onFinished }: { jobId: string; clientId: string; onFinished: () => void }) {
  const { data: job } = useJob(jobId, clientId);
  const finished = job !== undefined && isJobFinished(job);
  useEffect(() => {
    if (finished) onFinished();
  }, [finished, onFinished]);
  return <JobProgress jobId={jobId} clientId={clientId} doneMessage="The result was e-mailed to you." />;
}

const RISK_VARIANTS: Record<string, string> = { cancel: 'danger', investigate: 'warning', accept: 'success' };

interface Props {
  clientId: string;
  canImport: boolean;
}

/** The shop's open, unfulfilled orders, a page at a time; the chosen ones (or all) are imported by a job. */
export function ShopOrdersTable({ clientId, canImport }: Props) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1];
  const { data: page, error, mutate } = useShopOrders(clientId, cursor, true);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [jobId, setJobId] = useState<string | null>(null);
  const starting = useMutation();
  const reread = useCallback(() => void mutate(), [mutate]);

  async function start(choice: { shopOrderIds: string[] } | 'all') {
    setJobId(null);
    const started = await starting.run(() => importShopOrders(clientId, choice));
    if (started) {
      setJobId(started.id);
      setChosen(new Set());
    }
  }

  function toggle(order: ShopOrder) {
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(order.shop_order_id)) next.delete(order.shop_order_id);
      else next.add(order.shop_order_id);
      return next;
    });
  }

  if (error instanceof ApiError && error.body?.error === 'shop_reauthentication_required') {
    return (
      <Alert variant="warning">
        The shop refused the portal&apos;s access (the app was uninstalled or its access revoked).{' '}
        <Link to={`/${clientId}/shopify`}>Reauthenticate the shop</Link> to pull its orders again.
      </Alert>
    );
  }
  if (!page) return error ? null : <LoadingView />;

  const importable = page.orders.filter((order) => order.fulfillment_request_id === null);
  return (
    <>
      {canImport && (
        <div className="d-flex flex-wrap gap-2 mb-2">
          <Button
            size="sm"
            disabled={chosen.size === 0 || starting.pending}
            onClick={() => void start({ shopOrderIds: [...chosen] })}
          >
            Import Selected ({chosen.size})
          </Button>
          <Button size="sm" variant="outline-primary" disabled={starting.pending} onClick={() => void start('all')}>
            Import All
          </Button>
        </div>
      )}
      {jobId && (
        <ImportProgress key={jobId} jobId={jobId} clientId={clientId} onFinished={reread} />
      )}
      {page.orders.length === 0 ? (
        <p className="text-muted">The shop has no open, unfulfilled orders.</p>
      ) : (
        <Table size="sm" hover responsive aria-label="Shop orders">
          <thead>
            <tr>
              {canImport && <th aria-label="Choose" />}
              <th>Order</th>
              <th>Created</th>
              <th>Ship To</th>
              <th>Units</th>
              <th>Risk</th>
              <th>Fulfillment Request</th>
            </tr>
          </thead>
          <tbody>
            {page.orders.map((order) => (
              <tr key={order.shop_order_id}>
                {canImport && (
                  <td>
                    <Form.Check
                      aria-label={`Choose order ${order.name ?? order.shop_order_id}`}
                      checked={chosen.has(order.shop_order_id)}
                      disabled={order.fulfillment_request_id !== null}
                      onChange={() => toggle(order)}
                    />
                  </td>
                )}
                <td>{order.name ?? order.shop_order_id}</td>
                <td>{order.created_at ? formatDateTime(order.created_at) : ''}</td>
                <td>{order.ship_to}</td>
                <td>{order.lines}</td>
                <td>
                  {order.risk_recommendation && (
                    <Badge bg={RISK_VARIANTS[order.risk_recommendation] ?? 'secondary'}>{order.risk_recommendation}</Badge>
                  )}
                </td>
                <td>
                  {order.fulfillment_request_id === null ? (
                    <span className="text-muted">Not imported</span>
                  ) : (
                    <Link to={`/${clientId}/fulfillment_requests/${order.fulfillment_request_id}`}>
                      {order.fulfillment_request_id}
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <div className="d-flex gap-2 align-items-center">
        {cursors.length > 1 && (
          <Button size="sm" variant="outline-secondary" onClick={() => setCursors((all) => all.slice(0, -1))}>
            Previous
          </Button>
        )}
        {page.cursor && (
          <Button size="sm" variant="outline-secondary" onClick={() => setCursors((all) => [...all, page.cursor])}>
            Next
          </Button>
        )}
        <span className="text-muted small">{importable.length} of {page.orders.length} on this page not imported yet</span>
      </div>
    </>
  );
}
