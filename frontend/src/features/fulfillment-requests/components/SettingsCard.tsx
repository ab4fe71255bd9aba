import { useState } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useSWRConfig } from 'swr';
import { Panel } from '../../../components/Facts';
import { useAlerts } from '../../../components/Alerts';
import { fieldErrorsOf, type FieldErrors } from '../../../lib/field-errors';
import { formatDate } from '../../../lib/format-datetime';
import { codeLabel } from '../../../lib/labels';
import type { FulfillmentRequest, FulfillmentRequestUpdate } from '../../../lib/models';
import { useMutation } from '../../../lib/use-mutation';
import { requestKey } from '../api/get-request';
import { updateRequest } from '../api/update-request';
import { FILL_TYPES } from '../new-request';
import { daysBefore } from '../request-filters';
import { yesNo } from './RequestFacts';

const PAST_DATE = 'Desired Ship Date cannot be earlier than today.';

/** The Settings card: fill type, desired ship date and references, editable while allowed. */
export function SettingsCard({ clientId, request, canChange }: { clientId: string; request: FulfillmentRequest; canChange: boolean }) {
  const [values, setValues] = useState({
    fill_type: request.fill_type,
    desired_ship_date: request.desired_ship_date,
    reference1: request.reference1 ?? '',
    reference2: request.reference2 ?? '',
    reference3: request.reference3 ?? '',
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [today] = useState(() => daysBefore(new Date(), 0));
  const { run, pending } = useMutation();
  const { show, clear } = useAlerts();
  const { mutate } = useSWRConfig();
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    // Spec part 2, §5: a past date is refused here, before it is sent (the date the request has may be past already).
    if (values.desired_ship_date !== request.desired_ship_date && values.desired_ship_date < today) {
      clear();
      setFieldErrors({ desired_ship_date: PAST_DATE });
      return;
    }
    setFieldErrors({});
    const saved = await run(
      () =>
        updateRequest(clientId, request.id, {
          ...values,
          fill_type: values.fill_type as FulfillmentRequestUpdate['fill_type'],
          reference1: values.reference1 || null,
          reference2: values.reference2 || null,
          reference3: values.reference3 || null,
        }),
      { onError: (failure) => void setFieldErrors(fieldErrorsOf(failure)) },
    );
    if (saved) {
      await mutate(requestKey(clientId, String(request.id)), saved, { revalidate: false });
      show('success', 'Saved');
    }
  };

  return (
    <Panel title="Settings">
      <Form onSubmit={save} noValidate>
        <Row className="g-2">
          <Form.Group as={Col} sm={6} controlId="fill-type">
            <Form.Label>Fill Type</Form.Label>
            <Form.Select value={values.fill_type} onChange={set('fill_type')} disabled={!canChange}>
              {FILL_TYPES.map((fillType) => (
                <option key={fillType} value={fillType}>
                  {codeLabel(fillType)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group as={Col} sm={6} controlId="desired-ship-date">
            <Form.Label>Desired Ship Date</Form.Label>
            <Form.Control
              type="date"
              min={today}
              value={values.desired_ship_date}
              onChange={set('desired_ship_date')}
              disabled={!canChange}
              isInvalid={Boolean(fieldErrors.desired_ship_date)}
            />
            <Form.Control.Feedback type="invalid">{fieldErrors.desired_ship_date}</Form.Control.Feedback>
          </Form.Group>
          {(['reference1', 'reference2', 'reference3'] as const).map((name, index) => (
            <Form.Group as={Col} sm={4} controlId={name} key={name}>
              <Form.Label>Reference {index + 1}</Form.Label>
              <Form.Control value={values[name]} onChange={set(name)} maxLength={100} disabled={!canChange} />
            </Form.Group>
          ))}
        </Row>
        <div className="mt-2 d-flex flex-wrap gap-3 align-items-center">
          {canChange && (
            <Button type="submit" size="sm" disabled={pending}>
              Save
            </Button>
          )}
          <span className="text-muted small">
            Desired ship date {formatDate(request.desired_ship_date)} · Ship together {yesNo(request.ship_together)}
          </span>
        </div>
      </Form>
    </Panel>
  );
}
