import { describe, expect, it } from 'vitest';
import {
  activeTabLabel,
  filtersFromSearchParams,
  filtersToQuery,
  searchParamsWithFilters,
} from './product-filters';

describe('product list filters', () => {
  it('reads searchTerm, shopifyVariantId and compositeType from the URL and nothing else', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('searchTerm=mug&compositeType=2,6&other=1&shopifyVariantId=77'));
    expect(filters).toEqual({ searchTerm: 'mug', compositeType: '2,6', shopifyVariantId: '77' });
  });

  it("turns the texts 'true' and 'false' into booleans and drops empty values", () => {
    expect(filtersFromSearchParams(new URLSearchParams('searchTerm=true&shopifyVariantId=false&compositeType='))).toEqual({
      searchTerm: true,
      shopifyVariantId: false,
    });
  });

  it('writes filters into the URL, keeping other parameters and removing cleared filters', () => {
    const current = new URLSearchParams('searchTerm=mug&keep=yes');
    expect(searchParamsWithFilters(current, { compositeType: '1' }).toString()).toBe('searchTerm=mug&keep=yes&compositeType=1');
    expect(searchParamsWithFilters(current, { searchTerm: '' }).toString()).toBe('keep=yes');
    expect(searchParamsWithFilters(current, { searchTerm: undefined, compositeType: undefined }).toString()).toBe('keep=yes');
  });

  it('asks the API with the filters as text', () => {
    expect(filtersToQuery({ searchTerm: 'mug', shopifyVariantId: true, compositeType: '0' })).toEqual({
      searchTerm: 'mug',
      shopifyVariantId: 'true',
      compositeType: '0',
    });
  });

  it('knows which quick-filter tab the composite type belongs to', () => {
    expect(activeTabLabel({})).toBe('All');
    expect(activeTabLabel({ compositeType: '0' })).toBe('Simple');
    expect(activeTabLabel({ compositeType: '1' })).toBe('Case Pack');
    expect(activeTabLabel({ compositeType: '2,6' })).toBe('Bundle');
    expect(activeTabLabel({ compositeType: '6' })).toBe('Set');
    expect(activeTabLabel({ compositeType: '3' })).toBe('Kit');
    expect(activeTabLabel({ compositeType: '5' })).toBeUndefined();
  });
});
