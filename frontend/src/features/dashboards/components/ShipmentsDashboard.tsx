import { Card, Col, Row, Table } from 'react-bootstrap';
import { LoadingView } from '../../../components/LoadingView';
import { usePageTitle } from '../../../lib/use-page-title';
import { useShipmentsDashboard } from '../api/get-shipments-dashboard';
import type { ShipmentsDashboardData } from '../types';
import { StatesMap } from './StatesMap';

function average(value: number | null, unit: string) {
  return value === null ? '—' : `${value.toLocaleString(undefined, { maximumFractionDigits: 2 })}${unit}`;
}

/** /{clientId}/dashboards/shipments: the last 30 days' averages, zones and destination states, with a map. */
export function ShipmentsDashboard({ clientId }: { clientId: string }) {
  const { data, error } = useShipmentsDashboard(clientId);
  usePageTitle('Shipments Dashboard');

  return (
    <section>
      <h2 className="mb-1">Shipments Dashboard</h2>
      <p className="text-body-secondary">Shipments shipped in the last 30 days.</p>
      {error ? (
        <p className="text-danger">The dashboard could not be loaded: {error instanceof Error ? error.message : String(error)}</p>
      ) : !data ? (
        <LoadingView />
      ) : (
        <ShipmentFigures data={data} />
      )}
    </section>
  );
}

function ShipmentFigures({ data }: { data: ShipmentsDashboardData }) {
  const statistics = data.shipments_aggregate_statistics;
  const averages = [
    { title: 'Average Zone', value: average(statistics.average_zones, '') },
    { title: 'Average Weight', value: average(statistics.average_weight, ' lbs') },
    { title: 'Average Days in Transit', value: average(statistics.average_transit_time, ' days') },
  ];
  return (
    <>
      <Row xs={1} md={3} className="g-3 mb-3">
        {averages.map(({ title, value }) => (
          <Col key={title}>
            <Card className="h-100" role="region" aria-label={title}>
              <Card.Body>
                <Card.Title as="h3" className="h6 text-body-secondary">{title}</Card.Title>
                <p className="display-6 mb-0">{value}</p>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <Row className="g-3">
        <Col lg={8}>
          <Card>
            <Card.Header as="h3" className="h6 mb-0">Shipments by Destination State</Card.Header>
            <Card.Body>
              <StatesMap counts={data.shipments_by_destination_state} />
            </Card.Body>
          </Card>
        </Col>
        <Col lg={4}>
          <Card>
            {/* Scrolls on its own beside the map; focusable so that keyboard users can scroll it too. */}
            <Card.Body style={{ maxHeight: 560, overflowY: 'auto' }} tabIndex={0} role="region" aria-label="Shipments per zone and state">
              <Table size="sm" striped aria-label="Shipments per zone">
                <thead>
                  <tr><th>Zone</th><th className="text-end">Shipments</th></tr>
                </thead>
                <tbody>
                  {statistics.zones.map((row) => (
                    <tr key={row.zone}><td>{row.zone}</td><td className="text-end">{row.shipments.toLocaleString()}</td></tr>
                  ))}
                </tbody>
              </Table>
              <Table size="sm" striped aria-label="Shipments per state" className="mb-0">
                <thead>
                  <tr><th>State</th><th className="text-end">Shipments</th></tr>
                </thead>
                <tbody>
                  {data.shipments_by_destination_state.length === 0 ? (
                    <tr><td colSpan={2}>None</td></tr>
                  ) : (
                    data.shipments_by_destination_state.map((row) => (
                      <tr key={row.state}><td>{row.state}</td><td className="text-end">{row.shipments.toLocaleString()}</td></tr>
                    ))
                  )}
                </tbody>
              </Table>
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </>
  );
}
