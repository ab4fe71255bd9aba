import { Button, Form } from 'react-bootstrap';
import { FieldLabel } from '../../../components/FieldLabel';
import type { ReportType } from '../../../lib/models';
import { useForm } from '../../../lib/use-form';
import type { ReportFormValues } from '../report-form-values';
import { codeLabel } from '../../../lib/labels';
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
  const { values, change, submitting, submit } = useForm(initialValues, onSubmit);

  return (
    <Form onSubmit={submit}>
      <Form.Group className="mb-3" controlId="report-name">
        <FieldLabel required>Name</FieldLabel>
        <Form.Control value={values.name} onChange={(event) => change('name', event.target.value)} required />
      </Form.Group>
      <Form.Group className="mb-3" controlId="report-type">
        <Form.Label>Report Type</Form.Label>
        <Form.Select value={values.report_type} onChange={(event) => change('report_type', event.target.value as ReportType)}>
          {REPORT_TYPES.map((type) => (
            <option key={type} value={type}>
              {codeLabel(type)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-3" controlId="report-category">
        <FieldLabel required>Category</FieldLabel>
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
