/** How a request's ship profile and method read on the form, the detail page and the return page. */
import type { ShipProfile } from '../../lib/models';

export const NO_SHIP_PROFILE = 'None (the warehouse chooses)';
export const ANY_SHIP_METHOD = 'Any';

/** A ship profile as the client knows it: its carrier and its name. */
export function shipProfileName(profile: ShipProfile): string {
  return `${profile.carrier_account.carrier_name} · ${profile.name}`;
}

/** A request's ship profile: its id, with its carrier and name when the client's profiles are at hand. */
export function requestShipProfile(profileId: number | null, profiles: ShipProfile[] | undefined): string {
  if (profileId === null) return NO_SHIP_PROFILE;
  const profile = profiles?.find((candidate) => candidate.id === profileId);
  return profile ? `${profileId} · ${shipProfileName(profile)}` : String(profileId);
}
