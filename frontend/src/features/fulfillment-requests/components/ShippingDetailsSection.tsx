import { Form, Row } from 'react-bootstrap';
import { Panel } from '../../../components/Facts';
import { CodeOptions } from '../../../components/FormField';
import { shipMethodLabel } from '../../../lib/labels';
import type { Carrier, ShipProfile } from '../../../lib/models';
import { BILLING_TYPES, billingFieldsShow, PACKING_OPTIONS, saturdayAllowed, shipMethodsOf, type NewRequestValues } from '../new-request';
import { ANY_SHIP_METHOD, NO_SHIP_PROFILE, shipProfileName } from '../ship-profiles';
import { RequestField, type RequestFormState } from './RequestField';

const INCOTERMS = ['', 'DDU', 'DDP'];

interface ShippingDetailsSectionProps {
  form: RequestFormState;
  profiles: ShipProfile[];
  carriers: Carrier[];
}

/** The Shipping Details section: the ship profile and method, who pays, and the delivery and packing options. */
export function ShippingDetailsSection({ form, profiles, carriers }: ShippingDetailsSectionProps) {
  const { values, change, setValues, fieldErrors } = form;
  const profile = profiles.find((candidate) => String(candidate.id) === values.shipProfileId);
  return (
    <Panel title="Shipping Details">
      <Row className="g-2">
        <RequestField form={form} path="ship_profile_id" sm={4}>
          <Form.Select value={values.shipProfileId} onChange={(e) => setValues((current) => ({ ...current, shipProfileId: e.target.value, shipMethod: '', saturdayDelivery: false }))}>
            <option value="">{NO_SHIP_PROFILE}</option>
            {profiles.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {shipProfileName(candidate)}
              </option>
            ))}
          </Form.Select>
        </RequestField>
        <RequestField form={form} path="ship_method" sm={4}>
          <Form.Select value={values.shipMethod} disabled={!profile} onChange={(e) => setValues((current) => ({ ...current, shipMethod: e.target.value, saturdayDelivery: false }))}>
            <option value="">{ANY_SHIP_METHOD}</option>
            {shipMethodsOf(profile, carriers).map((method) => (
              <option key={method.code} value={method.code}>
                {shipMethodLabel(method.code, carriers)}
              </option>
            ))}
          </Form.Select>
        </RequestField>
        <RequestField form={form} path="billing_type" sm={4}>
          <Form.Select value={values.billingType} onChange={(e) => change('billingType', e.target.value as NewRequestValues['billingType'])}>
            <CodeOptions codes={BILLING_TYPES} />
          </Form.Select>
        </RequestField>
        {billingFieldsShow(values.billingType) && (
          <>
            <RequestField form={form} path="billing_account" sm={4} required>
              <Form.Control required maxLength={60} value={values.billingAccount} onChange={(e) => change('billingAccount', e.target.value)} />
            </RequestField>
            <RequestField form={form} path="billing_postal_code" sm={4} required>
              <Form.Control required maxLength={20} value={values.billingPostalCode} onChange={(e) => change('billingPostalCode', e.target.value)} />
            </RequestField>
          </>
        )}
        <RequestField form={form} path="incoterm" sm={4}>
          <Form.Select value={values.incoterm} onChange={(e) => change('incoterm', e.target.value as NewRequestValues['incoterm'])}>
            <CodeOptions codes={INCOTERMS} />
          </Form.Select>
        </RequestField>
      </Row>
      <div className="d-flex flex-wrap gap-4 mt-2">
        <Form.Check
          id="fr-saturday_delivery"
          label="Saturday Delivery (UPS and FedEx express only)"
          checked={values.saturdayDelivery}
          disabled={!saturdayAllowed(profile, carriers, values.shipMethod)}
          isInvalid={Boolean(fieldErrors.saturday_delivery)}
          feedback={fieldErrors.saturday_delivery}
          feedbackType="invalid"
          onChange={(e) => change('saturdayDelivery', e.target.checked)}
        />
        <Form.Check id="fr-signature_required" label="Signature Required" checked={values.signatureRequired} onChange={(e) => change('signatureRequired', e.target.checked)} />
      </div>
      <div className="d-flex flex-wrap gap-4 mt-2">
        {PACKING_OPTIONS.map(([option, label]) => (
          <Form.Check key={option} id={`fr-${option}`} label={label} checked={values.options[option]} onChange={(e) => change('options', { ...values.options, [option]: e.target.checked })} />
        ))}
      </div>
    </Panel>
  );
}
