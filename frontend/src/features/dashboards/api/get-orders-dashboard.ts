import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import type { OrdersDashboardData } from '../types';

export function getOrdersDashboard(clientId: string) {
  return apiRequest<OrdersDashboardData>('/api/v4/dashboards/orders', { clientId });
}

export function ordersDashboardKey(clientId: string) {
  return ['dashboards/orders', clientId] as const;
}

/** Today's work per warehouse, the order alerts and the shipments by status, refreshed every minute. */
export function useOrdersDashboard(clientId: string) {
  return useSWR(ordersDashboardKey(clientId), () => getOrdersDashboard(clientId), { refreshInterval: 60_000 });
}
