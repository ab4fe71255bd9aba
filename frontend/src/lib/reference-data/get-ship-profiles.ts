import useSWR from 'swr';
import { API_BASE_PATH } from '../../config/constants';
import { apiRequest } from '../api-client';
import type { ShipProfile } from '../models';

/** The client's ship profiles: a carrier account and the ship methods it allows. */
export function getShipProfiles(clientId: string) {
  return apiRequest<{ ship_profiles: ShipProfile[] }>(`${API_BASE_PATH}/ship_profiles`, {
    clientId,
    query: { limit: 500 },
  }).then((page) => page.ship_profiles);
}

export function getShipProfilesKey(clientId: string) {
  return ['ship-profiles', clientId] as const;
}

export function useShipProfiles(clientId: string) {
  return useSWR(getShipProfilesKey(clientId), () => getShipProfiles(clientId));
}
