import { useState } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { useAlerts } from '../../../components/Alerts';
import { LoadingView } from '../../../components/LoadingView';
import { useSWRConfig } from 'swr';
import { useMutation } from '../../../lib/use-mutation';
import { usePageTitle } from '../../../lib/use-page-title';
import { saveFile } from '../../../lib/save-file';
import { useCarriers } from '../../../lib/reference-data/get-carriers';
import { useShipProfiles } from '../../../lib/reference-data/get-ship-profiles';
import { requestKey, useRequest } from '../api/get-request';
import { getReturnLabel } from '../api/get-return-label';
import { hasLiveShipment } from '../request-actions';
import { shipProfileName } from '../ship-profiles';

/** Spec part 2, §5: return labels are not made for these carriers. */
const NOT_FOR_RETURNS = ['LTL', 'Custom'];
const EMPTY_FORM = { profileId: '', shipMethod: '', length: '', width: '', height: '', weight: '' };

/** /fulfillment_requests/{id}/return/create: a return label (PDF) back to the warehouse. */
export function CreateReturn({ clientId, requestId }: { clientId: string; requestId: string }) {
  const { data: request } = useRequest(clientId, requestId);
  const { data: profiles } = useShipProfiles(clientId);
  const { data: carriers } = useCarriers();
  const [values, setValues] = useState(EMPTY_FORM);
  // One key per filled form: a second click sends the same key and gets the same label, not a second one.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const { run, pending } = useMutation();
  const { show } = useAlerts();
  const { mutate } = useSWRConfig();
  usePageTitle('Create Return');

  if (!request || !profiles || !carriers) return <LoadingView />;
  if (!hasLiveShipment(request)) {
    return (
      <section>
        <h2>Create Return</h2>
        <p>
          <Link to={`/${clientId}/fulfillment_requests/${request.id}`}>{request.fulfillment_request_id}</Link> has no live
          shipment: there is nothing to return.
        </p>
      </section>
    );
  }
  const usable = profiles.filter((profile) => !NOT_FOR_RETURNS.includes(profile.carrier_account.carrier_name));
  const profile = usable.find((candidate) => String(candidate.id) === values.profileId);
  const methods = carriers.find((carrier) => carrier.name === profile?.carrier_account.carrier_name)?.ship_methods ?? [];
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => {
    setIdempotencyKey(crypto.randomUUID());
    setValues((current) => ({
      ...current,
      [name]: event.target.value,
      ...(name === 'profileId' ? { shipMethod: '' } : {}),
    }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const label = await run(() =>
      getReturnLabel(clientId, {
        fr_id: request.id,
        ship_profile_id: Number(values.profileId),
        ship_method: values.shipMethod,
        length: Number(values.length),
        width: Number(values.width),
        height: Number(values.height),
        weight: Number(values.weight),
      }, idempotencyKey),
    );
    if (label) {
      saveFile(label, `return-label-${request.fulfillment_request_id}.pdf`);
      setValues(EMPTY_FORM);
      setIdempotencyKey(crypto.randomUUID());
      await mutate(requestKey(clientId, requestId));
      show('success', 'Created!');
    }
  };

  const dimension = (name: 'length' | 'width' | 'height', label: string) => (
    <Form.Group as={Col} sm={3} controlId={`return-${name}`}>
      <Form.Label>{label} (in)</Form.Label>
      <Form.Control type="number" min={1} step="any" required value={values[name]} onChange={set(name)} />
    </Form.Group>
  );

  return (
    <section style={{ maxWidth: 720 }}>
      <h2>Create Return</h2>
      <p>
        A return label for{' '}
        <Link to={`/${clientId}/fulfillment_requests/${request.id}`}>{request.fulfillment_request_id}</Link>, from{' '}
        {request.to_address.name} back to the warehouse it shipped from.
      </p>
      <Form onSubmit={submit}>
        <Row className="g-2 mb-2">
          <Form.Group as={Col} sm={6} controlId="return-carrier">
            <Form.Label>Carrier</Form.Label>
            <Form.Select required value={values.profileId} onChange={set('profileId')}>
              <option value="">Choose a ship profile</option>
              {usable.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {shipProfileName(candidate)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group as={Col} sm={6} controlId="return-method">
            <Form.Label>Ship Method</Form.Label>
            <Form.Select required value={values.shipMethod} onChange={set('shipMethod')} disabled={!profile}>
              <option value="">Choose a ship method</option>
              {methods.map((method) => (
                <option key={method.code} value={method.code}>
                  {method.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Row>
        <Row className="g-2 mb-3">
          {dimension('length', 'Length')}
          {dimension('width', 'Width')}
          {dimension('height', 'Height')}
          <Form.Group as={Col} sm={3} controlId="return-weight">
            <Form.Label>Weight (lbs)</Form.Label>
            <Form.Control type="number" min={0} step="0.01" required value={values.weight} onChange={set('weight')} />
          </Form.Group>
        </Row>
        <Button type="submit" disabled={pending}>
          Create Return Label
        </Button>
      </Form>
    </section>
  );
}
