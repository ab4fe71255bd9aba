import { Container } from 'react-bootstrap';
import { Link, Navigate, Route, Routes, useParams } from 'react-router';
import { AlertArea } from '../../components/Alerts';
import { LoadingView } from '../../components/LoadingView';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { useClient } from '../../features/clients/api/get-client';
import { useCurrentUserContext } from '../current-user';
import { ClientShell } from '../shell/ClientShell';
import { UsersRoutes } from './UsersRoutes';

/** Areas of the portal that are not built yet, by route (relative to /{clientId}). */
const PLACEHOLDER_AREAS = [
  { path: 'dashboards/orders', title: 'Orders Dashboard' },
  { path: 'dashboards/shipments', title: 'Shipments Dashboard' },
  { path: 'item_types/*', title: 'Products' },
  { path: 'reports/receive', title: 'Receive' },
  { path: 'reports/returns', title: 'Customer Returns' },
  { path: 'reports/invoices', title: 'Invoices' },
  { path: 'reports/*', title: 'Reports' },
  { path: 'asns/list', title: 'View ASNs' },
  { path: 'asns/upload', title: 'Upload ASN' },
  { path: 'fulfillment_requests/*', title: 'Fulfillment Requests' },
  { path: 'ltl/*', title: 'LTL' },
  { path: 'rmas/upload', title: 'Upload RMAs' },
  { path: 'shopify/*', title: 'Shopify' },
  { path: 'orders/:orderId', title: 'Order' },
  { path: 'shipments/:shipmentId', title: 'Shipment' },
  { path: 'requests/:requestId', title: 'Request' },
];

/** /{clientId}/*: checks the user may act for the client, then shows its shell and pages. */
export function ClientRoute() {
  const { clientId = '' } = useParams();
  const user = useCurrentUserContext();

  if (clientId === 'login') return <Navigate to="/" replace />;
  if (!user.isAdmin && String(user.clientId) !== clientId) {
    return <Navigate to={user.clientId === null ? '/' : `/${user.clientId}`} replace />;
  }
  return <ClientArea clientId={clientId} />;
}

function ClientArea({ clientId }: { clientId: string }) {
  const { data: client, error } = useClient(clientId);

  if (!client) {
    return error ? (
      <Container className="py-5">
        <AlertArea />
        <p>This client could not be loaded.</p>
        <Link to="/">Choose another client</Link>
      </Container>
    ) : (
      <LoadingView />
    );
  }

  return (
    <ClientShell client={client}>
      <Routes>
        <Route index element={<PlaceholderPage title="Dashboard" />} />
        {PLACEHOLDER_AREAS.map(({ path, title }) => (
          <Route key={path} path={path} element={<PlaceholderPage title={title} />} />
        ))}
        <Route path="users/*" element={<UsersRoutes clientId={clientId} />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </ClientShell>
  );
}
