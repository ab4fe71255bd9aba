import { Form, Row } from 'react-bootstrap';
import { Panel } from '../../../components/Facts';
import { CodeOptions } from '../../../components/FormField';
import { EDI_DETAILS, EDI_RETAILERS, type NewRequestValues } from '../new-request';
import { RequestField, type RequestFormState } from './RequestField';

/** The EDI Retail Shipments section: a retail shipment's retailer, cancel date, PO number and metadata. */
export function EdiSection({ form, today }: { form: RequestFormState; today: string }) {
  const { values, change } = form;
  const setEdi = (changes: Partial<NewRequestValues['edi']>) => change('edi', { ...values.edi, ...changes });
  return (
    <Panel title="EDI Retail Shipments">
      <Form.Check id="fr-edi" label="This is a retail (EDI) shipment" checked={values.edi.enabled} onChange={(e) => setEdi({ enabled: e.target.checked })} />
      {values.edi.enabled && (
        <Row className="g-2 mt-1">
          <RequestField form={form} path="edi.retailer" sm={4} required>
            <Form.Select required value={values.edi.retailer} onChange={(e) => setEdi({ retailer: e.target.value })}>
              <option value="">Choose a retailer</option>
              <CodeOptions codes={EDI_RETAILERS} />
            </Form.Select>
          </RequestField>
          <RequestField form={form} path="edi.cancel_date" sm={4} required>
            <Form.Control required type="date" min={today} value={values.edi.cancelDate} onChange={(e) => setEdi({ cancelDate: e.target.value })} />
          </RequestField>
          <RequestField form={form} path="edi.po_number" sm={4} required>
            <Form.Control required maxLength={60} value={values.edi.poNumber} onChange={(e) => setEdi({ poNumber: e.target.value })} />
          </RequestField>
          {EDI_DETAILS.map(([detail]) => (
            <RequestField key={detail} form={form} path={`edi.${detail}`} sm={3}>
              <Form.Control maxLength={100} value={values.edi.details[detail] ?? ''} onChange={(e) => setEdi({ details: { ...values.edi.details, [detail]: e.target.value } })} />
            </RequestField>
          ))}
        </Row>
      )}
    </Panel>
  );
}
