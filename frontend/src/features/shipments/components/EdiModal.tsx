import { Button, Form, Modal, Row } from 'react-bootstrap';
import { useSWRConfig } from 'swr';
import { useAlerts } from '../../../components/Alerts';
import { CodeOptions, FormField } from '../../../components/FormField';
import { useForm } from '../../../lib/use-form';
import { shipmentDetailsKey } from '../api/get-shipment-details';
import { updateShipmentDetails } from '../api/update-shipment-details';
import { EDI_FIELDS, ediFormValues, ediPayload } from '../edi';
import type { EdiDetails } from '../../../lib/models';
import { useRefreshShipment } from '../use-refresh-shipment';

interface EdiModalProps {
  clientId: string;
  shipmentId: number;
  details: EdiDetails | undefined;
  retailers: readonly string[];
  onClose: () => void;
}

/** The 'Change EDI Information' modal: Update sends the details (the API names a missing required field beside it), Cancel closes. */
export function EdiModal({ clientId, shipmentId, details, retailers, onClose }: EdiModalProps) {
  const { show } = useAlerts();
  const { mutate } = useSWRConfig();
  const refresh = useRefreshShipment(clientId, shipmentId);
  const form = useForm(ediFormValues(details), async (values) => {
    const saved = await updateShipmentDetails(clientId, shipmentId, ediPayload(values));
    await mutate(shipmentDetailsKey(clientId, shipmentId), saved, { revalidate: false });
    await refresh();
    onClose();
    show('success', 'EDI information updated');
  });
  const field = (name: string, label: string, required = false, type = 'text') => (
    <FormField key={name} label={label} id={`edi-${name}`} error={form.fieldErrors[name]} required={required} sm={4}>
      <Form.Control type={type} value={form.values[name]} onChange={(event) => form.change(name, event.target.value)} />
    </FormField>
  );

  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby="edi-modal-title">
      <Form onSubmit={(event) => void form.submit(event)} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id="edi-modal-title" as="h2" className="h5">
            Change EDI Information
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Row className="g-2">
            <FormField label="Retailer" id="edi-retailer" error={form.fieldErrors.retailer} required sm={4}>
              <Form.Select value={form.values.retailer} onChange={(event) => form.change('retailer', event.target.value)}>
                <option value="">Choose a retailer</option>
                <CodeOptions codes={retailers} />
              </Form.Select>
            </FormField>
            {field('cancel_date', 'Cancel Date', true, 'date')}
            {field('po_number', 'PO Number', true)}
            {EDI_FIELDS.map(([name, label]) => field(name, label))}
          </Row>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.submitting}>
            Update
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
