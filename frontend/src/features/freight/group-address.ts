import type { AddressValidation } from '../../lib/models';
import type { GroupAddressChange } from './types';

/** What saving an address came to, as the address fix page reads it: stored, or refused as invalid with what the check says of it. */
export type AddressSave = { stored: true } | { stored: false; check: AddressValidation };

/** A refused address's alert when the check names nothing (spec part 3, §8: shown as an error alert). */
export const INVALID_ADDRESS_MESSAGE = 'The address could not be validated.';

/** The group's address answer as the fix page reads it: an address is stored when valid or when stored without validation. */
export function addressSaveOf(answer: GroupAddressChange, skipValidation: boolean): AddressSave {
  const result = answer.update_shipment_group_address_result;
  if (result.is_valid || skipValidation) return { stored: true };
  return {
    stored: false,
    check: {
      is_valid: false,
      validation_status: 'invalid',
      validation_error: result.validation_error || INVALID_ADDRESS_MESSAGE,
      updated_address: result.updated_address,
      candidates: result.candidates,
    },
  };
}
