import { useCallback, useState, type FormEvent } from 'react';
import { useAlerts } from './alerts';
import { fieldErrorsOf, type FieldErrors } from './field-errors';

/**
 * The state of a form: its values, a change of one field, and a submit that keeps `submitting`
 * true while `onSubmit` runs (so Save cannot be clicked twice). A failure of `onSubmit` is the
 * form's refusal: its alert is scrolled into view and focused, the fields it names are in
 * `fieldErrors` (by their API path, for the form to mark), and what was typed stays.
 */
export function useForm<Values extends object>(initialValues: Values, onSubmit: (values: Values) => Promise<void> | void) {
  const [values, setValues] = useState(initialValues);
  const [submitting, setSubmitting] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const { clear, showError } = useAlerts();

  const change = useCallback(<Field extends keyof Values>(field: Field, value: Values[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    clear();
    setFieldErrors({});
    setSubmitting(true);
    try {
      await onSubmit(values);
    } catch (failure) {
      setFieldErrors(fieldErrorsOf(failure));
      showError(failure, { focus: true });
    } finally {
      setSubmitting(false);
    }
  }

  return { values, setValues, change, submitting, submit, fieldErrors };
}
