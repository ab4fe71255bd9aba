import { useCallback, useState, type FormEvent } from 'react';

/**
 * The state of a form: its values, a change of one field, and a submit that keeps `submitting`
 * true while `onSubmit` runs (so Save cannot be clicked twice).
 */
export function useForm<Values extends object>(initialValues: Values, onSubmit: (values: Values) => Promise<void> | void) {
  const [values, setValues] = useState(initialValues);
  const [submitting, setSubmitting] = useState(false);

  const change = useCallback(<Field extends keyof Values>(field: Field, value: Values[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    setSubmitting(true);
    try {
      await onSubmit(values);
    } finally {
      setSubmitting(false);
    }
  }

  return { values, setValues, change, submitting, submit };
}
