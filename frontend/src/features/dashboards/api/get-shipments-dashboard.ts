import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';
import type { ShipmentsDashboardData } from '../types';

export function getShipmentsDashboard(clientId: string) {
  return apiRequest<ShipmentsDashboardData>('/api/v4/dashboards/shipments', { clientId });
}

export function shipmentsDashboardKey(clientId: string) {
  return ['dashboards/shipments', clientId] as const;
}

/** The last 30 days' shipments: averages, zones and destination states. */
export function useShipmentsDashboard(clientId: string) {
  return useSWR(shipmentsDashboardKey(clientId), () => getShipmentsDashboard(clientId));
}
