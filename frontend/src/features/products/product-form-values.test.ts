import { describe, expect, it } from 'vitest';
import {
  addChild,
  BUNDLE_NEEDS_CHILD,
  CASE_PACK_NEEDS_CHILD,
  CASE_PACK_ONE_CHILD,
  checkChildren,
  CHILD_IS_PARENT,
  EMPTY_PRODUCT_VALUES,
  fieldRules,
  toProductFields,
  type ChildLine,
} from './product-form-values';

const filled = {
  ...EMPTY_PRODUCT_VALUES,
  upc: ' 0001 ',
  sku: 'MUG-1',
  name: 'Mug',
  short_name: 'Mug',
  cost: '2.50',
  weight: '1.25',
  length: '',
  ships_in_own_container: true,
  is_package: true,
  requires_expiration: true,
};

const mug = { upc: '111', sku: 'MUG', name: 'Mug' };
const cup = { upc: '222', sku: 'CUP', name: 'Cup' };

describe('product form rules', () => {
  it('lets a client user set dimensions and expiration on creation but never the admin-only flags', () => {
    const rules = fieldRules({ isAdmin: false, isNew: true });
    expect(rules).toMatchObject({ upcEditable: true, dimensionsShown: true, requiresExpirationEditable: true, adminFlagsEditable: false });
    const fields = toProductFields(filled, rules);
    expect(fields).toMatchObject({ upc: '0001', short_name: 'Mug', cost: 2.5, weight: 1.25, length: null, requires_expiration: true });
    expect(fields).not.toHaveProperty('ships_in_own_container');
    expect(fields).not.toHaveProperty('is_package');
    expect(fields.category).toBeNull();
  });

  it('leaves the UPC, short name, dimensions and admin-only fields out when a client user edits', () => {
    const fields = toProductFields(filled, fieldRules({ isAdmin: false, isNew: false }));
    for (const field of ['upc', 'short_name', 'length', 'width', 'height', 'weight', 'requires_expiration', 'ships_in_own_container', 'is_package']) {
      expect(fields).not.toHaveProperty(field);
    }
    expect(fields).toMatchObject({ sku: 'MUG-1', name: 'Mug', cost: 2.5 });
  });

  it('lets an admin change everything but the UPC when editing', () => {
    const fields = toProductFields(filled, fieldRules({ isAdmin: true, isNew: false }));
    expect(fields).not.toHaveProperty('upc');
    expect(fields).toMatchObject({ short_name: 'Mug', weight: 1.25, ships_in_own_container: true, is_package: true });
  });

  it('locks SKU and name on conversion', () => {
    expect(fieldRules({ isAdmin: true, isNew: false, isConversion: true }).skuAndNameEditable).toBe(false);
    expect(fieldRules({ isAdmin: true, isNew: false }).skuAndNameEditable).toBe(true);
  });
});

describe('child items', () => {
  it('gives a case pack one child only, never the parent itself', () => {
    let result = addChild('case_pack', [], mug, '999');
    expect(result).toEqual({ children: [{ ...mug, quantity: '1' }] });
    result = addChild('case_pack', result.children, cup, '999');
    expect(result.error).toBe(CASE_PACK_ONE_CHILD);
    expect(result.children).toHaveLength(1);
    expect(addChild('case_pack', [], mug, '111').error).toBe(CHILD_IS_PARENT);
  });

  it('ignores a duplicate child of a bundle', () => {
    const once = addChild('virtual_bundle', [], mug, '999').children;
    const twice = addChild('virtual_bundle', addChild('virtual_bundle', once, cup, '999').children, mug, '999');
    expect(twice.error).toBeUndefined();
    expect(twice.children.map((line) => line.upc)).toEqual(['111', '222']);
  });

  it('checks the children before submitting with the messages of spec part 1, section 5', () => {
    const line = (upc: string, quantity: string): ChildLine => ({ upc, sku: upc, name: `Item ${upc}`, quantity });
    expect(checkChildren('case_pack', [], '9')).toEqual({ error: CASE_PACK_NEEDS_CHILD });
    expect(checkChildren('virtual_bundle', [], '9')).toEqual({ error: BUNDLE_NEEDS_CHILD });
    expect(checkChildren('case_pack', [line('1', '2'), line('2', '2')], '9')).toEqual({ error: CASE_PACK_ONE_CHILD });
    expect(checkChildren('case_pack', [line('9', '2')], '9')).toEqual({ error: CHILD_IS_PARENT });
    for (const quantity of ['0', '1001', '2.5', '']) {
      expect(checkChildren('case_pack', [line('1', quantity)], '9')).toEqual({
        error: "Quantity of 'Item 1' must be a whole number from 1 to 1000.",
      });
    }
    expect(checkChildren('virtual_bundle', [line('1', '1'), line('2', '1000')], '9')).toEqual({
      children: [
        { upc: '1', quantity: 1 },
        { upc: '2', quantity: 1000 },
      ],
    });
  });
});
