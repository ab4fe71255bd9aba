import { lazy, Suspense } from 'react';
import { Container } from 'react-bootstrap';
import { Link, Navigate, Route, Routes, useParams } from 'react-router';
import { AlertArea } from '../../components/Alerts';
import { LoadingView } from '../../components/LoadingView';
import { NotAvailablePage } from '../../components/NotAvailablePage';
import { NotFoundPage } from '../../components/NotFoundPage';
import { CLIENT_VERSION_WITH_LTL } from '../../config/constants';
import { useClient } from '../../features/clients/api/get-client';
import { pageNeeding } from '../current-user';
import { useCurrentUserContext } from '../../lib/current-user';
import { ClientShell } from '../shell/ClientShell';
import { clientVersionAllows } from '../shell/navigation';

// Each area is a chunk of its own, loaded when first opened, so the first screen after login waits for none of them.
const ProductsRoutes = lazy(() => import('./ProductsRoutes').then((module) => ({ default: module.ProductsRoutes })));
const FulfillmentRequestsRoutes = lazy(() =>
  import('./FulfillmentRequestsRoutes').then((module) => ({ default: module.FulfillmentRequestsRoutes })),
);
const ReportsRoutes = lazy(() => import('./ReportsRoutes').then((module) => ({ default: module.ReportsRoutes })));
const RequestRoute = lazy(() => import('./RequestRoute').then((module) => ({ default: module.RequestRoute })));
const ShopifyRoutes = lazy(() => import('./ShopifyRoutes').then((module) => ({ default: module.ShopifyRoutes })));
const ShipmentRoutes = lazy(() => import('./ShipmentsRoutes').then((module) => ({ default: module.ShipmentRoutes })));
const OrderRoute = lazy(() => import('./ShipmentsRoutes').then((module) => ({ default: module.OrderRoute })));
const DashboardsRoutes = lazy(() => import('./DashboardsRoutes').then((module) => ({ default: module.DashboardsRoutes })));
const FreightRoutes = lazy(() => import('./FreightRoutes').then((module) => ({ default: module.FreightRoutes })));
const UsersRoutes = lazy(() => import('./UsersRoutes').then((module) => ({ default: module.UsersRoutes })));
const AsnList = lazy(() => import('../../features/asns/components/AsnList').then((module) => ({ default: module.AsnList })));
const InboundUpload = lazy(() =>
  import('../../features/uploads/components/InboundUpload').then((module) => ({ default: module.InboundUpload })),
);
const RmaUpload = lazy(() => import('../../features/uploads/components/RmaUpload').then((module) => ({ default: module.RmaUpload })));

/** Where /{clientId} (the Dashboard root, and the page after login) leads. */
const LANDING_PATH = 'dashboards/orders';

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
      <Suspense fallback={<LoadingView />}>
        <Routes>
          <Route index element={<Navigate to={LANDING_PATH} replace />} />
          <Route path="dashboards/*" element={<DashboardsRoutes clientId={clientId} />} />
          <Route path="item_types/*" element={<ProductsRoutes clientId={clientId} isAdmin={user.isAdmin} />} />
          <Route
            path="fulfillment_requests/*"
            element={<FulfillmentRequestsRoutes clientId={clientId} />}
          />
          <Route path="shipments/*" element={<ShipmentRoutes clientId={clientId} />} />
          <Route path="orders/:orderId" element={<OrderRoute clientId={clientId} />} />
          <Route
            path="ltl/*"
            element={
              clientVersionAllows(CLIENT_VERSION_WITH_LTL, client.fulfillment_request_api_version) ? (
                <FreightRoutes clientId={clientId} />
              ) : (
                <NotAvailablePage title="LTL" />
              )
            }
          />
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
      </Suspense>
    </ClientShell>
  );
}
