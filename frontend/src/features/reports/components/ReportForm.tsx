import { Button, Form } from 'react-bootstrap';
import { FieldLabel } from '../../../components/FieldLabel';
import type { ReportType } from '../../../lib/models';
import { useForm } from '../../../lib/use-form';
import { MarkedControl } from '../../../components/FormField';
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
  const { values, change, submitting, submit, fieldErrors } = useForm(initialValues, onSubmit);

  return (
    <Form onSubmit={submit}>
      <Form.Group className="mb-3" controlId="report-name">
        <FieldLabel required>Name</FieldLabel>
        <MarkedControl error={fieldErrors.name} id="report-name">
          <Form.Control value={values.name} onChange={(event) => change('name', event.target.value)} required />
        </MarkedControl>
      </Form.Group>
      <Form.Group className="mb-3" controlId="report-type">
        <Form.Label>Report Type</Form.Label>
        <MarkedControl error={fieldErrors.report_type} id="report-type">
          <Form.Select value={values.report_type} onChange={(event) => change('report_type', event.target.value as ReportType)}>
            {REPORT_TYPES.map((type) => (
              <option key={type} value={type}>
                {codeLabel(type)}
              </option>
            ))}
          </Form.Select>
        </MarkedControl>
      </Form.Group>
      <Form.Group className="mb-3" controlId="report-category">
        <FieldLabel required>Category</FieldLabel>
        <MarkedControl error={fieldErrors.category} id="report-category">
          <Form.Control value={values.category} onChange={(event) => change('category', event.target.value)} required />
        </MarkedControl>
        <Form.Text muted>Reports are listed under their category.</Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId="report-sub-category">
        <Form.Label>Sub Category</Form.Label>
        <MarkedControl error={fieldErrors.sub_category} id="report-sub-category">
          <Form.Control value={values.sub_category} onChange={(event) => change('sub_category', event.target.value)} />
        </MarkedControl>
      </Form.Group>
      <Form.Group className="mb-3" controlId="report-query">
        <Form.Label>Query</Form.Label>
        <MarkedControl error={fieldErrors.query} id="report-query">
          <Form.Control
            as="textarea"
            rows={12}
            className="font-monospace"
            spellCheck={false}
            value={values.query}
            onChange={(event) => change('query', event.target.value)}
          />
        </MarkedControl>
        <Form.Text muted>{QUERY_HINT}</Form.Text>
      </Form.Group>
      <Button type="submit" disabled={submitting}>
        Save
      </Button>
    </Form>
  );
}
