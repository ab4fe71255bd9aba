import { Form, Row } from 'react-bootstrap';
import { Panel } from '../../../components/Facts';
import { CodeOptions } from '../../../components/FormField';
import { FILL_TYPES, WAREHOUSES, type NewRequestValues } from '../new-request';
import { RequestField, type RequestFormState } from './RequestField';

const REFERENCES = ['reference1', 'reference2', 'reference3'] as const;

interface RequestDetailsSectionProps {
  form: RequestFormState;
  shipmentTypes: string[];
  today: string;
}

/** The Request Details section: the request's ids and references, where and how it ships, and when. */
export function RequestDetailsSection({ form, shipmentTypes, today }: RequestDetailsSectionProps) {
  const { values, change, fieldErrors } = form;
  return (
    <Panel title="Request Details">
      <Row className="g-2">
        <RequestField form={form} path="fulfillment_request_id" sm={4} required>
          <Form.Control required maxLength={100} value={values.fulfillmentRequestId} onChange={(e) => change('fulfillmentRequestId', e.target.value)} />
        </RequestField>
        <RequestField form={form} path="order_id" sm={4}>
          <Form.Control maxLength={100} value={values.orderId} onChange={(e) => change('orderId', e.target.value)} />
        </RequestField>
        {REFERENCES.map((field, index) => (
          <RequestField key={field} form={form} path={field} sm={index === 0 ? 4 : 6}>
            <Form.Control maxLength={100} value={values[field]} onChange={(e) => change(field, e.target.value)} />
          </RequestField>
        ))}
        <RequestField form={form} path="warehouse_id" sm={3} required>
          <Form.Select required value={values.warehouseId} onChange={(e) => change('warehouseId', e.target.value as NewRequestValues['warehouseId'])}>
            <CodeOptions codes={WAREHOUSES} />
          </Form.Select>
        </RequestField>
        <RequestField form={form} path="fill_type" sm={3}>
          <Form.Select value={values.fillType} onChange={(e) => change('fillType', e.target.value as NewRequestValues['fillType'])}>
            <CodeOptions codes={FILL_TYPES} />
          </Form.Select>
        </RequestField>
        <RequestField form={form} path="shipment_type" sm={3} required>
          <Form.Select required value={values.shipmentType} onChange={(e) => change('shipmentType', e.target.value)}>
            <CodeOptions codes={shipmentTypes} />
          </Form.Select>
        </RequestField>
        <RequestField form={form} path="desired_ship_date" sm={3}>
          <Form.Control type="date" min={today} value={values.desiredShipDate} onChange={(e) => change('desiredShipDate', e.target.value)} />
        </RequestField>
      </Row>
      <Form.Check
        className="mt-2"
        id="fr-ship_together"
        label="Ship together (needs a warehouse other than optimal and fill type complete)"
        checked={values.shipTogether}
        disabled={values.warehouseId === 'optimal' || values.fillType !== 'complete'}
        isInvalid={Boolean(fieldErrors.ship_together)}
        feedback={fieldErrors.ship_together}
        feedbackType="invalid"
        onChange={(e) => change('shipTogether', e.target.checked)}
      />
    </Panel>
  );
}
