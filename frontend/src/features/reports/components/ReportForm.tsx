import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import type { ReportType } from '../../../lib/models';
import type { ReportFormValues } from '../report-form-values';
import { REPORT_TYPES } from '../report-label';

interface ReportFormProps {
  initialValues: ReportFormValues;
  onSubmit: (values: ReportFormValues) => Promise<void>;
}

const QUERY_HINT =
  'SQL that reads. Name parameters as :name; the runner fills :client_id (client reports) and :warehouse_id ' +
  '(wms reports, blank for all warehouses) itself.';

/** Creates or edits a report (admins). */
export function ReportForm({ initialValues, onSubmit }: ReportFormProps) {
  const [values, setValues] = useState(initialValues);
  const [submitting, setSubmitting] = useState(false);

  function change<Field extends keyof ReportFormValues>(field: Field, value: ReportFormValues[Field]) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    try {
      await onSubmit(values);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form onSubmit={submit}>
      <Form.Group className="mb-3" controlId="report-name">
        <Form.Label>Name</Form.Label>
        <Form.Control value={values.name} onChange={(event) => change('name', event.target.value)} required />
      </Form.Group>
      <Form.Group className="mb-3" controlId="report-type">
        <Form.Label>Report Type</Form.Label>
        <Form.Select value={values.report_type} onChange={(event) => change('report_type', event.target.value as ReportType)}>
          {REPORT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-3" controlId="report-category">
        <Form.Label>Category</Form.Label>
        <Form.Control value={values.category} onChange={(event) => change('category', event.target.value)} required />
        <Form.Text muted>Reports are listed under their category.</Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId="report-sub-category">
        <Form.Label>Sub Category</Form.Label>
        <Form.Control value={values.sub_category} onChange={(event) => change('sub_category', event.target.value)} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="report-query">
        <Form.Label>Query</Form.Label>
        <Form.Control
          as="textarea"
          rows={12}
          className="font-monospace"
          spellCheck={false}
          value={values.query}
          onChange={(event) => change('query', event.target.value)}
        />
        <Form.Text muted>{QUERY_HINT}</Form.Text>
      </Form.Group>
      <Button type="submit" disabled={submitting}>
        Save
      </Button>
    </Form>
  );
}
