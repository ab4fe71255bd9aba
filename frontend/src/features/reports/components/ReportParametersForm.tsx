import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { FieldLabel } from '../../../components/FieldLabel';
import type { ReportSummary } from '../../../lib/models';
import type { ReportRunInput } from '../api/run-report';
import { isDateParameter } from '../date-parameters';

interface ReportParametersFormProps {
  report: Pick<ReportSummary, 'id' | 'parameters' | 'report_type'>;
  running: boolean;
  onRun: (input: ReportRunInput) => void;
}

/**
 * One input per parameter the report declares (the runner fills client_id and warehouse_id itself),
 * the warehouse of a wms report, and Run.
 */
export function ReportParametersForm({ report, running, onRun }: ReportParametersFormProps) {
  const [parameters, setParameters] = useState<Record<string, string>>(() =>
    Object.fromEntries(report.parameters.map((name) => [name, ''])),
  );
  const [context, setContext] = useState('');
  const isWarehouseReport = report.report_type === 'wms';

  function submit(event: FormEvent) {
    event.preventDefault();
    onRun(isWarehouseReport ? { parameters, context: context.trim() } : { parameters });
  }

  return (
    <Form onSubmit={submit} className="mb-4" aria-label="Report parameters">
      {report.parameters.map((name) => (
        <Form.Group key={name} className="mb-3" controlId={`report-parameter-${name}`}>
          <FieldLabel required>{name}</FieldLabel>
          <Form.Control
            type={isDateParameter(name) ? 'date' : 'text'}
            value={parameters[name] ?? ''}
            onChange={(event) => setParameters((current) => ({ ...current, [name]: event.target.value }))}
            required
          />
        </Form.Group>
      ))}
      {isWarehouseReport && (
        <Form.Group className="mb-3" controlId="report-context">
          <Form.Label>Warehouse</Form.Label>
          <Form.Control value={context} onChange={(event) => setContext(event.target.value)} />
          <Form.Text muted>Warehouse ID, or blank for all warehouses.</Form.Text>
        </Form.Group>
      )}
      <Button type="submit" disabled={running}>
        {running ? 'Running…' : 'Run'}
      </Button>
    </Form>
  );
}
