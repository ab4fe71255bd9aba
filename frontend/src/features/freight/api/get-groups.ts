import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { apiRequest } from '../../../lib/api-client';
import { cursorPageKey } from '../../../lib/pagination';
import { MOVE_PICKER_LIMIT } from '../group-rules';
import type { ShipmentGroupList } from '../types';
import { GROUPS_PATH } from './group-path';

/** Spec part 2, §2: the list asks for 500 groups a page (the API's most), the next page by its cursor. */
export const GROUPS_PAGE_SIZE = 500;

export function getGroups(clientId: string, query: Record<string, string>, cursor: string | null, limit = GROUPS_PAGE_SIZE) {
  return apiRequest<ShipmentGroupList>(GROUPS_PATH, { clientId, query: { ...query, limit, cursor } });
}

export function groupsPageKey(clientId: string, query: Record<string, string>) {
  return cursorPageKey('shipment-groups', clientId, JSON.stringify(query));
}

/** The groups list page by page: `setSize(size + 1)` fetches the next page with the last cursor. */
export function useGroupPages(clientId: string, query: Record<string, string>) {
  return useSWRInfinite(groupsPageKey(clientId, query), ([, , , cursor]) => getGroups(clientId, query, cursor), {
    // Groups are made by placements elsewhere (the form, an import): the newest page is read again each time.
    revalidateFirstPage: true,
  });
}

export function validatingGroupsKey(clientId: string) {
  return ['shipment-groups-validating', clientId] as const;
}

/** The groups a shipment may be moved into (spec part 3, §4): those in validating, up to 500, read when the picker opens. */
export function useValidatingGroups(clientId: string, open: boolean) {
  return useSWR(open ? validatingGroupsKey(clientId) : null, () =>
    getGroups(clientId, { status: 'validating' }, null, MOVE_PICKER_LIMIT).then((page) => page.shipment_groups),
  );
}
