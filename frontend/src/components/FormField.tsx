import { cloneElement, type ReactElement } from 'react';
import { Col, Form } from 'react-bootstrap';
import { codeLabel } from '../lib/labels';
import { FieldLabel } from './FieldLabel';

type Control = ReactElement<{ isInvalid?: boolean; 'aria-describedby'?: string }>;

interface MarkedControlProps {
  /** The refusal's message for this field, from the form's `fieldErrors`: the control is marked and the message shown beside it. */
  error?: string;
  /** The control's id, which its message's id is made from. */
  id: string;
  /** One Form.Control or Form.Select. */
  children: Control;
}

/** A control marked invalid, its message below it and read with it, when a refusal names its field. */
export function MarkedControl({ error, id, children }: MarkedControlProps) {
  return (
    <>
      {cloneElement(children, { isInvalid: Boolean(error), 'aria-describedby': error ? `${id}-error` : undefined })}
      {error && (
        <Form.Control.Feedback id={`${id}-error`} type="invalid">
          {error}
        </Form.Control.Feedback>
      )}
    </>
  );
}

interface FormFieldProps extends MarkedControlProps {
  label: string;
  /** Marks the label; the control inside says required itself. */
  required?: boolean;
  sm?: number;
}

/** A labelled control of a form, marked invalid with the message of a refusal that names it. */
export function FormField({ label, id, error, required = false, sm, children }: FormFieldProps) {
  return (
    <Form.Group as={Col} sm={sm} controlId={id}>
      <FieldLabel required={required}>{label}</FieldLabel>
      <MarkedControl error={error} id={id}>
        {children}
      </MarkedControl>
    </Form.Group>
  );
}

/** A select's options for codes of the API, each shown by its label (ready_to_process → Ready To Process). */
export function CodeOptions({ codes }: { codes: readonly string[] }) {
  return (
    <>
      {codes.map((code) => (
        <option key={code} value={code}>
          {codeLabel(code)}
        </option>
      ))}
    </>
  );
}
