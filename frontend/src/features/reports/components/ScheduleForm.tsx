import { useMemo, type ReactNode } from 'react';
import { Button, Form } from 'react-bootstrap';
import { FieldLabel } from '../../../components/FieldLabel';
import type { ReportType } from '../../../lib/models';
import { useForm } from '../../../lib/use-form';
import { contextHint, timeZoneOptions, type ScheduleFormValues } from '../schedule-form-values';
import { CronPreview } from './CronPreview';

interface ScheduleFormProps {
  reportType: ReportType;
  initialValues: ScheduleFormValues;
  onSubmit: (values: ScheduleFormValues) => Promise<void>;
  /** Buttons shown beside Save (Delete, on an existing schedule). */
  extraActions?: ReactNode;
}

const CRONTAB_HINT =
  'Quartz format: seconds, minutes, hours, day of month, month, day of week (and optionally year). ' +
  "Every hour on the hour: '0 0 * * * ?'.";

/** Creates or edits an e-mail schedule of a report; the crontab is previewed as it is typed. */
export function ScheduleForm({ reportType, initialValues, onSubmit, extraActions }: ScheduleFormProps) {
  const { values, change, submitting, submit } = useForm(initialValues, onSubmit);
  const timeZones = useMemo(() => timeZoneOptions(initialValues.time_zone), [initialValues.time_zone]);
  const hint = contextHint(reportType);

  return (
    <Form onSubmit={submit}>
      <Form.Group className="mb-3" controlId="schedule-name">
        <FieldLabel required>Name</FieldLabel>
        <Form.Control value={values.name} onChange={(event) => change('name', event.target.value)} required />
      </Form.Group>
      <Form.Group className="mb-3" controlId="schedule-crontab">
        <FieldLabel required>Crontab</FieldLabel>
        <Form.Control
          className="font-monospace"
          value={values.crontab}
          placeholder="0 0 * * * ?"
          onChange={(event) => change('crontab', event.target.value)}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <Form.Text muted>{CRONTAB_HINT}</Form.Text>
        <CronPreview crontab={values.crontab} timeZone={values.time_zone} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="schedule-time-zone">
        <Form.Label>Time Zone</Form.Label>
        <Form.Select value={values.time_zone} onChange={(event) => change('time_zone', event.target.value)}>
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {hint && (
        <Form.Group className="mb-3" controlId="schedule-context">
          <Form.Label>Context</Form.Label>
          <Form.Control value={values.context} onChange={(event) => change('context', event.target.value)} />
          <Form.Text muted>{hint}</Form.Text>
        </Form.Group>
      )}
      <Form.Group className="mb-3" controlId="schedule-email-addresses">
        <Form.Label>Email Addresses</Form.Label>
        <Form.Control
          value={values.email_addresses_string}
          onChange={(event) => change('email_addresses_string', event.target.value)}
        />
        <Form.Text muted>
          A comma-separated list. If blank, the report goes to the users who receive scheduled reports.
        </Form.Text>
      </Form.Group>
      <Form.Group className="mb-3" controlId="schedule-email-text">
        <Form.Label>Email Text</Form.Label>
        <Form.Control as="textarea" rows={4} value={values.email_text} onChange={(event) => change('email_text', event.target.value)} />
      </Form.Group>
      <Form.Check
        className="mb-2"
        id="schedule-suppress-on-empty"
        label="Suppress on empty (send no e-mail when there are no results)"
        checked={values.suppress_on_empty}
        onChange={(event) => change('suppress_on_empty', event.target.checked)}
      />
      <Form.Check
        className="mb-3"
        id="schedule-active"
        label="Active"
        checked={values.is_active}
        onChange={(event) => change('is_active', event.target.checked)}
      />
      <div className="d-flex gap-2">
        <Button type="submit" disabled={submitting}>
          Save
        </Button>
        {extraActions}
      </div>
    </Form>
  );
}
