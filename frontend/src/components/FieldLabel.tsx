import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';

/**
 * A form field's label; a required field's label is followed by a red asterisk. The asterisk stays
 * outside the label and hidden from assistive technology, so the field's name stays its label and
 * screen readers learn the requirement from the input's own `required`.
 */
export function FieldLabel({ children, required = false }: { children: ReactNode; required?: boolean }) {
  return (
    <>
      <Form.Label>{children}</Form.Label>
      {required && (
        <span className="text-danger ms-1" aria-hidden="true" data-testid="required-marker">
          *
        </span>
      )}
    </>
  );
}
