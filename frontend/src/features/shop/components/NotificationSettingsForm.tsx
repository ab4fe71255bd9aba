import { useEffect, useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useAlerts } from '../../../components/Alerts';
import { useMutation } from '../../../lib/use-mutation';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';

/** The client's notification addresses, edited as one comma-separated string (only shown when read-only). */
export function NotificationSettingsForm({ clientId, readOnly }: { clientId: string; readOnly: boolean }) {
  const { data: settings } = useNotificationSettings(clientId);
  const save = useUpdateNotificationSettings(clientId);
  const { show } = useAlerts();
  const { run, pending: saving } = useMutation();
  const [addresses, setAddresses] = useState('');

  useEffect(() => {
    if (settings) setAddresses(settings.email_addresses.join(', '));
  }, [settings]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      const saved = await save(addresses);
      setAddresses(saved.email_addresses.join(', '));
      show('success', 'Saved');
    });
  }

  return (
    <Form onSubmit={submit} style={{ maxWidth: 640 }}>
      <h3 className="h5">Notifications</h3>
      <Form.Group className="mb-3" controlId="notification-email-addresses">
        <Form.Label>Notification E-mail Addresses</Form.Label>
        <Form.Control
          value={addresses}
          onChange={(event) => setAddresses(event.target.value)}
          disabled={!settings}
          readOnly={readOnly}
        />
        {!readOnly && <Form.Text>Separate addresses with commas.</Form.Text>}
      </Form.Group>
      {!readOnly && (
        <Button type="submit" disabled={!settings || saving}>
          Save
        </Button>
      )}
    </Form>
  );
}
