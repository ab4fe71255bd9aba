import useSWR from 'swr';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { ZipLookup } from '../../../lib/models';

/** City, state and centre of a US ZIP code (fails with 'USPS zip code lookup failed'). */
export function lookUpZip(zip: string) {
  return apiRequest<ZipLookup>(`${API_BASE_PATH}/address_validation/zip_lookup`, { query: { zip } });
}

export function zipPlaceKey(zip: string) {
  return ['zip-place', zip] as const;
}

/** The place of a ZIP code for the address fix map; a failed lookup is only logged (spec part 2, §8). */
export function useZipPlace(zip: string | null) {
  return useSWR(zip ? zipPlaceKey(zip) : null, () =>
    lookUpZip(zip!).catch((failure: unknown) => {
      console.warn(`Geocoding ZIP ${zip} failed`, failure);
      return null;
    }),
  );
}
