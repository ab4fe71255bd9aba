import { Button, Form, Modal, Row } from 'react-bootstrap';
import { AlertArea, useAlerts } from '../../../components/Alerts';
import { CodeOptions, FormField } from '../../../components/FormField';
import type { Carrier, ShipProfile } from '../../../lib/models';
import { useForm } from '../../../lib/use-form';
import { removeShipment } from '../api/remove-shipment';
import { BILLING_TYPES, billingAccountAsked, parcelMethods, parcelProfiles, type BillingType } from '../group-rules';
import type { GroupShipment, ShipmentGroup } from '../types';
import { useRefreshGroup } from '../use-refresh-group';

interface RemoveShipmentDialogProps {
  clientId: string;
  group: ShipmentGroup;
  shipment: GroupShipment;
  profiles: ShipProfile[];
  carriers: Carrier[];
  onClose: () => void;
}

/** 'Remove From Shipment Group': the shipment leaves the load to ship as a parcel, by a profile and method that are not LTL or Custom, billed to the sender unless chosen otherwise. */
export function RemoveShipmentDialog({ clientId, group, shipment, profiles, carriers, onClose }: RemoveShipmentDialogProps) {
  const { show } = useAlerts();
  const refresh = useRefreshGroup(clientId);
  const form = useForm(
    { profile: '', method: '', billingType: 'sender' as BillingType, account: '', postalCode: '' },
    async ({ profile, method, billingType, account, postalCode }) => {
      const asked = billingAccountAsked(billingType);
      const changed = await removeShipment(clientId, group.id, shipment.id, {
        ship_profile_id: profile ? Number(profile) : null,
        ship_method: method,
        billing_type: billingType,
        billing_account: asked ? account.trim() || null : null,
        billing_postal_code: asked ? postalCode.trim() || null : null,
      });
      await refresh(group.id, changed);
      onClose();
      show('success', `Shipment ${shipment.id} removed from shipment group ${group.id}`);
    },
  );
  const { values, change, fieldErrors } = form;

  return (
    <Modal show onHide={onClose} aria-labelledby="remove-shipment-title">
      <Form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Remove from shipment group">
        <Modal.Header closeButton>
          <Modal.Title id="remove-shipment-title" as="h2" className="h5">
            Remove Shipment {shipment.id} From Shipment Group
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {/* A refusal shows here too: the page's alerts are behind the dialog. */}
          <AlertArea />
          <p className="small">It leaves the freight load and ships as a parcel.</p>
          <Row className="g-2">
            <FormField label="Ship Profile" id="remove-profile" error={fieldErrors.ship_profile_id} required sm={6}>
              <Form.Select required value={values.profile} onChange={(event) => form.setValues({ ...values, profile: event.target.value, method: '' })}>
                <option value="">Choose a profile</option>
                {parcelProfiles(profiles).map((profile) => (
                  <option key={profile.id} value={profile.id}>
                    {profile.carrier_account.carrier_name} · {profile.name}
                  </option>
                ))}
              </Form.Select>
            </FormField>
            <FormField label="Ship Method" id="remove-method" error={fieldErrors.ship_method} required sm={6}>
              <Form.Select required value={values.method} onChange={(event) => change('method', event.target.value)}>
                <option value="">Choose a method</option>
                {parcelMethods(values.profile, profiles, carriers).map((method) => (
                  <option key={method.code} value={method.code}>
                    {method.name}
                  </option>
                ))}
              </Form.Select>
            </FormField>
            <FormField label="Billing Type" id="remove-billing-type" error={fieldErrors.billing_type} sm={4}>
              <Form.Select value={values.billingType} onChange={(event) => change('billingType', event.target.value as BillingType)}>
                <CodeOptions codes={BILLING_TYPES} />
              </Form.Select>
            </FormField>
            {billingAccountAsked(values.billingType) && (
              <>
                <FormField label="Billing Account" id="remove-billing-account" error={fieldErrors.billing_account} required sm={4}>
                  <Form.Control required maxLength={60} value={values.account} onChange={(event) => change('account', event.target.value)} />
                </FormField>
                <FormField label="Billing Postal Code" id="remove-billing-postal-code" error={fieldErrors.billing_postal_code} required sm={4}>
                  <Form.Control required maxLength={20} value={values.postalCode} onChange={(event) => change('postalCode', event.target.value)} />
                </FormField>
              </>
            )}
          </Row>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={form.submitting}>
            Remove From Shipment Group
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
