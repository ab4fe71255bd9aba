import type { Carrier, ShipProfile } from '../models';

/** The ship methods a profile offers: those of its carrier. */
export function profileMethods(profileId: string, profiles: readonly ShipProfile[], carriers: readonly Carrier[]) {
  const profile = profiles.find((candidate) => String(candidate.id) === profileId);
  if (!profile) return [];
  return carriers.find((carrier) => carrier.name === profile.carrier_account.carrier_name)?.ship_methods ?? [];
}
