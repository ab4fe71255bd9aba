import { Button, Form, Row } from 'react-bootstrap';
import { useAlerts } from '../../../components/Alerts';
import { Panel } from '../../../components/Facts';
import { FormField } from '../../../components/FormField';
import type { Carrier, ShipProfile } from '../../../lib/models';
import { useForm } from '../../../lib/use-form';
import { updateShipment } from '../api/update-shipment';
import { profileMethods } from '../../../lib/reference-data/ship-methods';
import type { Shipment } from '../types';
import { useRefreshShipment } from '../use-refresh-shipment';

interface ShipMethodCardProps {
  clientId: string;
  shipment: Shipment;
  profiles: ShipProfile[];
  carriers: Carrier[];
}

/** Change Ship Method: another of the client's profiles and one of its carrier's methods (refusals on the field they name). */
export function ShipMethodCard({ clientId, shipment, profiles, carriers }: ShipMethodCardProps) {
  const { show } = useAlerts();
  const refresh = useRefreshShipment(clientId, shipment.id);
  const form = useForm({ profile: String(shipment.ship_profile_id ?? ''), method: shipment.ship_method ?? '' }, async (values) => {
    const changed = await updateShipment(clientId, shipment.id, {
      ship_profile_id: values.profile ? Number(values.profile) : null,
      ship_method: values.method || null,
    });
    await refresh(changed);
    show('success', 'Ship method changed');
  });
  const methods = profileMethods(form.values.profile, profiles, carriers);

  return (
    <Panel title="Ship Method">
      <Form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Change ship method">
        <Row className="g-2 mb-2">
          <FormField label="Ship Profile" id="shipment-profile" error={form.fieldErrors.ship_profile_id} sm={6}>
            <Form.Select
              value={form.values.profile}
              onChange={(event) => form.setValues({ profile: event.target.value, method: '' })}
            >
              <option value="">None (the warehouse chooses)</option>
              {profiles.map((profile) => (
                <option key={profile.id} value={profile.id}>
                  {profile.carrier_account.carrier_name} · {profile.name}
                </option>
              ))}
            </Form.Select>
          </FormField>
          <FormField label="Ship Method" id="shipment-method" error={form.fieldErrors.ship_method} sm={6}>
            <Form.Select value={form.values.method} onChange={(event) => form.change('method', event.target.value)}>
              <option value="">Any</option>
              {methods.map((method) => (
                <option key={method.code} value={method.code}>
                  {method.name}
                </option>
              ))}
            </Form.Select>
          </FormField>
        </Row>
        <Button type="submit" size="sm" disabled={form.submitting}>
          Change Ship Method
        </Button>
      </Form>
    </Panel>
  );
}
