import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { API_BASE_PATH } from '../../../config/constants';
import { apiRequest } from '../../../lib/api-client';
import type { ItemSummary } from '../../../lib/models';
import { cursorPageKey } from '../../../lib/pagination';

export interface ItemsPage {
  items: ItemSummary[];
  cursor: string | null;
}

export type ItemsQuery = Record<string, string>;

/** The page size of the products list: a few screens of rows per request. */
export const ITEMS_PAGE_SIZE = 100;

export function getItems(clientId: string, query: ItemsQuery, cursor: string | null, limit = ITEMS_PAGE_SIZE) {
  return apiRequest<ItemsPage>(`${API_BASE_PATH}/items`, { clientId, query: { ...query, limit, cursor } });
}

/** The SWR key of one page: null once the previous page said there is nothing more. */
export function getItemsPageKey(clientId: string, query: ItemsQuery) {
  return cursorPageKey('items', clientId, JSON.stringify(query));
}

/** The item list page by page: `setSize(size + 1)` fetches the next page with the last cursor. */
export function useItemsPages(clientId: string, query: ItemsQuery) {
  return useSWRInfinite(getItemsPageKey(clientId, query), ([, , , cursor]) => getItems(clientId, query, cursor), {
    revalidateFirstPage: false,
  });
}

/** Child search of the case pack and bundle forms: simple items only, from this many characters. */
export const CHILD_SEARCH_MIN_LENGTH = 5;
const CHILD_SEARCH_LIMIT = 20;

export function useSimpleItemSearch(clientId: string, searchTerm: string) {
  const term = searchTerm.trim();
  return useSWR(term.length >= CHILD_SEARCH_MIN_LENGTH ? ['simple-items', clientId, term] : null, () =>
    getItems(clientId, { compositeType: '0', searchTerm: term }, null, CHILD_SEARCH_LIMIT).then((page) => page.items),
  );
}

/** Any item of the catalogue by name, SKU or UPC, from this many characters (bundles and kits too). */
export const ITEM_SEARCH_MIN_LENGTH = 2;
const ITEM_SEARCH_LIMIT = 10;

/** A picker's search: the first matches, each with its free stock per warehouse. */
export function useItemSearch(clientId: string, searchTerm: string) {
  const term = searchTerm.trim();
  return useSWR(term.length >= ITEM_SEARCH_MIN_LENGTH ? ['item-search', clientId, term] : null, () =>
    getItems(clientId, { searchTerm: term, availability: 'true' }, null, ITEM_SEARCH_LIMIT).then((page) => page.items),
  );
}
