import useSWR from 'swr';
import { API_BASE_PATH } from '../../config/constants';
import { apiRequest } from '../api-client';

export interface ShipmentTypes {
  shipment_types: { id: number; name: string }[];
  default_shipment_type: string;
}

export function getShipmentTypes() {
  return apiRequest<ShipmentTypes>(`${API_BASE_PATH}/shipment_types`, { query: { limit: 500 } });
}

export function getShipmentTypesKey() {
  return ['shipment-types'] as const;
}

export function useShipmentTypes() {
  return useSWR(getShipmentTypesKey(), getShipmentTypes);
}
