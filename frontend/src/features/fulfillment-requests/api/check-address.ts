import useSWR from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { AddressValidation, ShipToAddress } from '../../../lib/models';

export function checkAddress(address: ShipToAddress) {
  return apiRequest<AddressValidation>(`${API_BASE_PATH}/address_validation`, { method: 'POST', body: address });
}

export function checkAddressKey(address: ShipToAddress) {
  return ['address-check', JSON.stringify(address)] as const;
}

/** How an address stands: normalised, valid or not, and the candidates when it is not. */
export function useAddressCheck(address: ShipToAddress | null) {
  return useSWR(address ? checkAddressKey(address) : null, () => checkAddress(address!));
}
