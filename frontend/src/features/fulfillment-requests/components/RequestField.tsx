import type { ComponentProps, Dispatch, SetStateAction } from 'react';
import { FormField } from '../../../components/FormField';
import type { FieldErrors } from '../../../lib/field-errors';
import type { NewRequestValues } from '../new-request';
import { requestFieldId, requestFieldLabel } from '../request-fields';

/** The new request form's state as its sections read and change it (lib/use-form's). */
export interface RequestFormState {
  values: NewRequestValues;
  change: <Field extends keyof NewRequestValues>(field: Field, value: NewRequestValues[Field]) => void;
  setValues: Dispatch<SetStateAction<NewRequestValues>>;
  fieldErrors: FieldErrors;
}

interface RequestFieldProps {
  form: RequestFormState;
  /** The field's path in the API: its label, its id and the refusal that names it follow from it. */
  path: string;
  sm: number;
  required?: boolean;
  children: ComponentProps<typeof FormField>['children'];
}

/** A field of the new request form, named and marked as the API names it. */
export function RequestField({ form, path, sm, required, children }: RequestFieldProps) {
  return (
    <FormField label={requestFieldLabel(path)} id={requestFieldId(path)} error={form.fieldErrors[path]} required={required} sm={sm}>
      {children}
    </FormField>
  );
}
