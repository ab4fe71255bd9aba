import { Container } from 'react-bootstrap';
import { Link, Navigate, Route, Routes, useParams } from 'react-router';
import { AlertArea } from '../../components/Alerts';
import { LoadingView } from '../../components/LoadingView';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PlaceholderPage } from '../../components/PlaceholderPage';
import { AsnList } from '../../features/asns/components/AsnList';
import { useClient } from '../../features/clients/api/get-client';
import { InboundUpload } from '../../features/uploads/components/InboundUpload';
import { RmaUpload } from '../../features/uploads/components/RmaUpload';
import { pageNeeding, useCurrentUserContext } from '../current-user';
import { ClientShell } from '../shell/ClientShell';
import { ProductsRoutes } from './ProductsRoutes';
import { ReportsRoutes } from './ReportsRoutes';
import { RequestRoute } from './RequestRoute';
import { ShopifyRoutes } from './ShopifyRoutes';
import { UsersRoutes } from './UsersRoutes';

/** Areas of the portal that are not built yet, by route (relative to /{clientId}). */
const PLACEHOLDER_AREAS = [
  { path: 'dashboards/orders', title: 'Orders Dashboard' },
  { path: 'dashboards/shipments', title: 'Shipments Dashboard' },
  { path: 'fulfillment_requests/*', title: 'Fulfillment Requests' },
  { path: 'ltl/*', title: 'LTL' },
  { path: 'orders/:orderId', title: 'Order' },
  { path: 'shipments/:shipmentId', title: 'Shipment' },
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
  const user = useCurrentUserContext();

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
        <Route path="item_types/*" element={<ProductsRoutes clientId={clientId} isAdmin={user.isAdmin} />} />
        <Route path="requests/:requestId" element={<RequestRoute clientId={clientId} />} />
        <Route path="users/*" element={<UsersRoutes clientId={clientId} />} />
        <Route path="shopify/*" element={<ShopifyRoutes clientId={clientId} />} />
        <Route path="reports/*" element={pageNeeding('read:reports', <ReportsRoutes clientId={clientId} />)} />
        {/* The ASN list is the built-in report 'Display ASNs'. */}
        <Route path="asns/list" element={pageNeeding('read:reports', <AsnList clientId={clientId} />)} />
        <Route path="asns/upload" element={pageNeeding('write:asns', <InboundUpload clientId={clientId} />)} />
        <Route path="rmas/upload" element={pageNeeding('create:rmas', <RmaUpload clientId={clientId} />)} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </ClientShell>
  );
}
