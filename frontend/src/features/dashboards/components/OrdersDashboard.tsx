import { Card, Col, ListGroup, Row, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { LoadingView } from '../../../components/LoadingView';
import { usePageTitle } from '../../../lib/use-page-title';
import { alertCount, raisedAlerts } from '../alerts';
import { useOrdersDashboard } from '../api/get-orders-dashboard';
import type { OrderAlerts, WarehouseSummary } from '../types';
import { StatusChart } from './StatusChart';

/** The three totals of spec part 3, §2, each read from a field of the per-warehouse summary. */
const TOTALS: { title: string; field: keyof Omit<WarehouseSummary, 'warehouse'> }[] = [
  { title: 'All Unfilled Shipments', field: 'pending' },
  { title: 'Unfulfilled Shipments - Ship Today', field: 'will_ship_today' },
  { title: 'Shipped Today', field: 'shipped_today' },
];

/** /{clientId}/dashboards/orders: today's work per warehouse, what needs attention, and shipments by status. */
export function OrdersDashboard({ clientId }: { clientId: string }) {
  const { data, error } = useOrdersDashboard(clientId);
  usePageTitle('Orders Dashboard');

  return (
    <section>
      <h2 className="mb-3">Orders Dashboard</h2>
      {error ? (
        <p className="text-danger">The dashboard could not be loaded: {error instanceof Error ? error.message : String(error)}</p>
      ) : !data ? (
        <LoadingView />
      ) : (
        <>
          <Row xs={1} md={3} className="g-3 mb-3">
            {TOTALS.map(({ title, field }) => (
              <Col key={field}>
                <TotalCard title={title} rows={data.orders_per_warehouse_summary} field={field} />
              </Col>
            ))}
          </Row>
          <Row className="g-3">
            <Col lg={4}>
              <AlertsCard clientId={clientId} alerts={data.order_alerts} />
            </Col>
            <Col lg={8}>
              <Card>
                <Card.Header as="h3" className="h6 mb-0">Shipments Status</Card.Header>
                <Card.Body>
                  <StatusChart counts={data.orders_status_per_warehouse} />
                </Card.Body>
              </Card>
            </Col>
          </Row>
        </>
      )}
    </section>
  );
}

function TotalCard({ title, rows, field }: { title: string; rows: WarehouseSummary[]; field: keyof Omit<WarehouseSummary, 'warehouse'> }) {
  const total = rows.reduce((sum, row) => sum + row[field], 0);
  return (
    <Card className="h-100" aria-label={title} role="region">
      <Card.Body>
        <Card.Title as="h3" className="h6 text-body-secondary">{title}</Card.Title>
        <p className="display-6 mb-2" data-testid={`total-${field}`}>{total.toLocaleString()}</p>
        {rows.length > 0 && (
          <Table size="sm" className="mb-0">
            <tbody>
              {rows.map((row) => (
                <tr key={row.warehouse}>
                  <th scope="row" className="fw-normal">{row.warehouse}</th>
                  <td className="text-end">{row[field].toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}

function AlertsCard({ clientId, alerts }: { clientId: string; alerts: OrderAlerts }) {
  const raised = raisedAlerts(alerts);
  return (
    <Card className="h-100" aria-label="Order Alerts" role="region">
      <Card.Header as="h3" className="h6 mb-0">Order Alerts</Card.Header>
      {raised.length === 0 ? (
        <Card.Body>None</Card.Body>
      ) : (
        <ListGroup variant="flush">
          {raised.map((alert) => (
            <ListGroup.Item key={alert.key} action as={Link} to={`/${clientId}/${alert.to}`}
              className="d-flex justify-content-between align-items-center">
              {alert.label}
              <span className="badge text-bg-warning rounded-pill">{alertCount(alert.count)}</span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Card>
  );
}
