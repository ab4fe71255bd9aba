import type { ItemType } from '../../lib/models';

/** Composite types of spec part 1, §3. */
export const SIMPLE_TYPE = 0;
export const CASE_PACK_TYPE = 1;
/** Types that hold no stock of their own: what is available is what their children can build. */
export const VIRTUAL_TYPES = [2, 3, 4, 5, 6];

export function isVirtual(item: Pick<ItemType, 'composite_type'>): boolean {
  return VIRTUAL_TYPES.includes(item.composite_type);
}

/** Only a simple item that is no part of any case pack or bundle can become a case pack. */
export function canConvertToCasePack(item: Pick<ItemType, 'composite_type' | 'composite_parents'>): boolean {
  return item.composite_type === SIMPLE_TYPE && item.composite_parents.length === 0;
}
