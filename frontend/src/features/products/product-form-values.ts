import type { ItemChild, ItemType } from '../../lib/models';

const TEXT_FIELDS = [
  'upc',
  'sku',
  'name',
  'short_name',
  'category',
  'subcategory',
  'customs_origin',
  'customs_description',
  'tariff_code',
  'product_code',
  'nmfc_code',
  'serial_number_validator',
  'shopify_variant_id',
  'shopify_inventory_item_id',
] as const;
const NUMBER_FIELDS = ['cost', 'value', 'length', 'width', 'height', 'weight'] as const;
const FLAG_FIELDS = [
  'requires_serial_number',
  'hazmat',
  'requires_expiration',
  'ships_in_own_container',
  'is_package',
  'shopify_inventory_sync',
] as const;

type TextField = (typeof TEXT_FIELDS)[number];
type NumberField = (typeof NUMBER_FIELDS)[number];
type FlagField = (typeof FLAG_FIELDS)[number];

/** The product form as typed: every text and number as the text in its input. */
export type ProductFormValues = Record<TextField | NumberField, string> & Record<FlagField, boolean>;

export interface ChildLine {
  upc: string;
  sku: string;
  name: string;
  quantity: string;
}

export type ProductFields = Partial<Record<TextField, string | null>> &
  Partial<Record<NumberField, number | null>> &
  Partial<Record<FlagField, boolean>>;

export interface ChildQuantity {
  upc: string;
  quantity: number;
}

export const EMPTY_PRODUCT_VALUES = {
  ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])),
  ...Object.fromEntries(NUMBER_FIELDS.map((field) => [field, ''])),
  ...Object.fromEntries(FLAG_FIELDS.map((field) => [field, false])),
} as ProductFormValues;

export function toProductFormValues(item: ItemType): ProductFormValues {
  const values = { ...EMPTY_PRODUCT_VALUES };
  for (const field of TEXT_FIELDS) values[field] = item[field] ?? '';
  for (const field of NUMBER_FIELDS) values[field] = item[field] === null ? '' : String(item[field]);
  for (const field of FLAG_FIELDS) values[field] = item[field];
  return values;
}

export function toChildLines(children: ItemChild[]): ChildLine[] {
  return children.map(({ upc, sku, name, quantity }) => ({ upc, sku, name, quantity: String(quantity) }));
}

/** Which parts of the product form a user may see and change (spec part 1, §5). */
export interface FieldRules {
  upcEditable: boolean;
  skuAndNameEditable: boolean;
  /** Short name and the physical dimensions: shown, and then editable, to admins or on creation. */
  dimensionsShown: boolean;
  requiresExpirationEditable: boolean;
  /** ships_in_own_container and is_package. */
  adminFlagsEditable: boolean;
}

export function fieldRules({ isAdmin, isNew, isConversion = false }: { isAdmin: boolean; isNew: boolean; isConversion?: boolean }): FieldRules {
  return {
    upcEditable: isNew,
    skuAndNameEditable: !isConversion,
    dimensionsShown: isAdmin || isNew,
    requiresExpirationEditable: isAdmin || isNew,
    adminFlagsEditable: isAdmin,
  };
}

const DIMENSION_FIELDS = ['short_name', 'length', 'width', 'height', 'weight'] as const;

/**
 * The body to send: blank inputs become null, and fields the user may not change are left out, so
 * the server keeps what it has (it refuses admin-only fields from anyone else).
 */
export function toProductFields(values: ProductFormValues, rules: FieldRules): ProductFields {
  const fields: ProductFields = {};
  for (const field of TEXT_FIELDS) fields[field] = values[field].trim() || null;
  for (const field of NUMBER_FIELDS) fields[field] = values[field].trim() === '' ? null : Number(values[field]);
  for (const field of FLAG_FIELDS) fields[field] = values[field];
  if (!rules.upcEditable) delete fields.upc;
  if (!rules.dimensionsShown) for (const field of DIMENSION_FIELDS) delete fields[field];
  if (!rules.requiresExpirationEditable) delete fields.requires_expiration;
  if (!rules.adminFlagsEditable) {
    delete fields.ships_in_own_container;
    delete fields.is_package;
  }
  return fields;
}

/** Spec part 1, §5 and §9. */
export const CHILD_QUANTITY_MIN = 1;
export const CHILD_QUANTITY_MAX = 1000;

export const CASE_PACK_NEEDS_CHILD = 'Case Pack must have a child item.';
export const CASE_PACK_ONE_CHILD = 'Case Pack cannot have more than one child item.';
export const CHILD_IS_PARENT = 'Child item cannot be the same as the parent.';
export const BUNDLE_NEEDS_CHILD = 'Virtual Bundle must have at least one child item.';

export type CompositeKind = 'case_pack' | 'virtual_bundle';

/** Adds a chosen child: the error to show instead, or the new list. */
export function addChild(
  kind: CompositeKind,
  children: ChildLine[],
  child: Omit<ChildLine, 'quantity'>,
  parentUpc: string,
): { children: ChildLine[]; error?: string } {
  if (child.upc === parentUpc.trim()) return { children, error: CHILD_IS_PARENT };
  if (children.some((line) => line.upc === child.upc)) return { children };
  if (kind === 'case_pack' && children.length >= 1) return { children, error: CASE_PACK_ONE_CHILD };
  return { children: [...children, { ...child, quantity: String(CHILD_QUANTITY_MIN) }] };
}

/** Checks the children before submitting: the first problem's message, or the children to send. */
export function checkChildren(
  kind: CompositeKind,
  children: ChildLine[],
  parentUpc: string,
): { error: string } | { children: ChildQuantity[] } {
  if (children.length === 0) return { error: kind === 'case_pack' ? CASE_PACK_NEEDS_CHILD : BUNDLE_NEEDS_CHILD };
  if (kind === 'case_pack' && children.length > 1) return { error: CASE_PACK_ONE_CHILD };
  if (children.some((line) => line.upc === parentUpc.trim())) return { error: CHILD_IS_PARENT };
  for (const line of children) {
    const quantity = Number(line.quantity);
    if (!Number.isInteger(quantity) || quantity < CHILD_QUANTITY_MIN || quantity > CHILD_QUANTITY_MAX) {
      return { error: `Quantity of '${line.name}' must be a whole number from ${CHILD_QUANTITY_MIN} to ${CHILD_QUANTITY_MAX}.` };
    }
  }
  return { children: children.map(({ upc, quantity }) => ({ upc, quantity: Number(quantity) })) };
}
