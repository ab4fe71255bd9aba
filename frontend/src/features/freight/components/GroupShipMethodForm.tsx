import { Button, Form, Row } from 'react-bootstrap';
import { useAlerts } from '../../../components/Alerts';
import { Panel } from '../../../components/Facts';
import { FormField } from '../../../components/FormField';
import type { Carrier, ShipProfile } from '../../../lib/models';
import { useForm } from '../../../lib/use-form';
import { updateGroupShipMethod } from '../api/update-group-ship-method';
import { profileMethods } from '../../../lib/reference-data/ship-methods';
import type { ShipmentGroup } from '../types';
import { useRefreshGroup } from '../use-refresh-group';

interface GroupShipMethodFormProps {
  clientId: string;
  group: ShipmentGroup;
  profiles: ShipProfile[];
  carriers: Carrier[];
}

/** Spec part 3, §6: only admins change an LTL group's carrier method; the change is the group's and all its shipments'. */
export function GroupShipMethodForm({ clientId, group, profiles, carriers }: GroupShipMethodFormProps) {
  const { show } = useAlerts();
  const refresh = useRefreshGroup(clientId);
  const form = useForm({ profile: String(group.ship_profile_id ?? ''), method: group.ship_method ?? '' }, async (values) => {
    const changed = await updateGroupShipMethod(clientId, group.id, {
      ship_profile_id: values.profile ? Number(values.profile) : null,
      ship_method: values.method || null,
    });
    await refresh(group.id, changed);
    show('success', 'Ship method changed');
  });
  const methods = profileMethods(form.values.profile, profiles, carriers);

  return (
    <Panel title="Change Carrier Method">
      <Form onSubmit={(event) => void form.submit(event)} noValidate aria-label="Change carrier method">
        <Row className="g-2 mb-2">
          <FormField label="Ship Profile" id="group-profile" error={form.fieldErrors.ship_profile_id} sm={6}>
            <Form.Select value={form.values.profile} onChange={(event) => form.setValues({ profile: event.target.value, method: '' })}>
              <option value="">Choose a profile</option>
              {profiles.map((profile) => (
                <option key={profile.id} value={profile.id}>
                  {profile.carrier_account.carrier_name} · {profile.name}
                </option>
              ))}
            </Form.Select>
          </FormField>
          <FormField label="Ship Method" id="group-method" error={form.fieldErrors.ship_method} sm={6}>
            <Form.Select value={form.values.method} onChange={(event) => form.change('method', event.target.value)}>
              <option value="">Choose a method</option>
              {methods.map((method) => (
                <option key={method.code} value={method.code}>
                  {method.name}
                </option>
              ))}
            </Form.Select>
          </FormField>
        </Row>
        <Button type="submit" size="sm" disabled={form.submitting}>
          Change Carrier Method
        </Button>
      </Form>
    </Panel>
  );
}
