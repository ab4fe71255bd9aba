/** The products list's filters, kept in the URL query so a filtered list can be linked and reloaded. */
export type FilterValue = string | boolean;

export interface ProductFilters {
  searchTerm?: FilterValue;
  shopifyVariantId?: FilterValue;
  compositeType?: FilterValue;
}

export const FILTER_NAMES = ['searchTerm', 'shopifyVariantId', 'compositeType'] as const;

/** The quick-filter tabs and the composite types each one lists. */
export const PRODUCT_TABS = [
  { label: 'All', compositeType: undefined },
  { label: 'Simple', compositeType: '0' },
  { label: 'Case Pack', compositeType: '1' },
  { label: 'Bundle', compositeType: '2,6' },
  { label: 'Set', compositeType: '6' },
  { label: 'Kit', compositeType: '3' },
] as const;

/** Reads the filters from a URL query; the texts 'true' and 'false' become booleans (spec part 1, §2). */
export function filtersFromSearchParams(params: URLSearchParams): ProductFilters {
  const filters: ProductFilters = {};
  for (const name of FILTER_NAMES) {
    const text = params.get(name);
    if (text === null || text === '') continue;
    filters[name] = text === 'true' ? true : text === 'false' ? false : text;
  }
  return filters;
}

/** The URL query for some filters, keeping any other parameters of `current`; empty filters are dropped. */
export function searchParamsWithFilters(current: URLSearchParams, changes: ProductFilters): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of FILTER_NAMES) {
    if (!(name in changes)) continue;
    const value = changes[name];
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, String(value));
  }
  return next;
}

/** The query the API is asked with; a boolean goes as its text, as it came. */
export function filtersToQuery(filters: ProductFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value !== undefined && value !== '') query[name] = String(value);
  }
  return query;
}

export function activeTabLabel(filters: ProductFilters): string | undefined {
  const compositeType = filters.compositeType === undefined ? undefined : String(filters.compositeType);
  return PRODUCT_TABS.find((tab) => tab.compositeType === compositeType)?.label;
}
