import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { OrdersDashboard } from '../../features/dashboards/components/OrdersDashboard';
import { ShipmentsDashboard } from '../../features/dashboards/components/ShipmentsDashboard';

/** /{clientId}/dashboards/*: the orders dashboard (also the Dashboard root) and the shipments dashboard. */
export function DashboardsRoutes({ clientId }: { clientId: string }) {
  return (
    <Routes>
      <Route index element={<Navigate to="orders" replace />} />
      <Route path="orders" element={<OrdersDashboard clientId={clientId} />} />
      <Route path="shipments" element={<ShipmentsDashboard clientId={clientId} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
