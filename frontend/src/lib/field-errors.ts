import { ApiError } from './api-error';

/** What a refusal says of each field it names, by the field's path in the API (`to_address.postal_code`, `sets[0].items[1].quantity`). */
export type FieldErrors = Readonly<Record<string, string>>;

/** The fields a failure names: a validation error's each with its own text, another error's one field with its description. */
export function fieldErrorsOf(failure: unknown): FieldErrors {
  if (!(failure instanceof ApiError) || !failure.body) return {};
  const { fields, field, description } = failure.body;
  if (fields?.length) return Object.fromEntries(fields.map((entry) => [entry.field, entry.description]));
  return field ? { [field]: description ?? '' } : {};
}

/** The path of a list entry's field, as the API names it: `fieldPath('sets', 0, 'items', 2, 'quantity')` is `sets[0].items[2].quantity`. */
export function fieldPath(...keys: (string | number)[]): string {
  return keys.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('').replace(/^\./, '');
}
