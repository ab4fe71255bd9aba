import { describe, expect, it } from 'vitest';
import type { ShipProfile } from '../../lib/models';
import { NO_SHIP_PROFILE, requestShipProfile, shipProfileName } from './ship-profiles';

const fedex = { id: 2, name: "FedEx on the client's account", carrier_account: { carrier_name: 'FedEx' } } as ShipProfile;

describe('ship profiles', () => {
  it('names a profile by its carrier and its name', () => {
    expect(shipProfileName(fedex)).toBe("FedEx · FedEx on the client's account");
  });

  it('shows a request without a profile as the warehouse choosing', () => {
    expect(requestShipProfile(null, [fedex])).toBe(NO_SHIP_PROFILE);
  });

  it("shows a request's profile by id, carrier and name, or by id alone when the profiles are not at hand", () => {
    expect(requestShipProfile(2, [fedex])).toBe("2 · FedEx · FedEx on the client's account");
    expect(requestShipProfile(2, undefined)).toBe('2');
    expect(requestShipProfile(7, [fedex])).toBe('7');
  });
});
