import useSWR from 'swr';
import { API_BASE_PATH } from '../../config/constants';
import { apiRequest } from '../api-client';
import type { Carrier } from '../models';

/** The carriers and their ship methods, which every client ships with. */
export function getCarriers() {
  return apiRequest<{ carriers: Carrier[] }>(`${API_BASE_PATH}/carriers`, { query: { limit: 500 } }).then(
    (page) => page.carriers,
  );
}

export function getCarriersKey() {
  return ['carriers'] as const;
}

export function useCarriers() {
  return useSWR(getCarriersKey(), getCarriers);
}
