import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { flashState } from '../../../components/Alerts';
import { LoadingView } from '../../../components/LoadingView';
import type { Carrier, ShipProfile } from '../../../lib/models';
import { useCarriers } from '../../../lib/reference-data/get-carriers';
import { useShipmentTypes } from '../../../lib/reference-data/get-shipment-types';
import { useShipProfiles } from '../../../lib/reference-data/get-ship-profiles';
import { useForm } from '../../../lib/use-form';
import { usePageTitle } from '../../../lib/use-page-title';
import { createRequest } from '../api/create-request';
import { isAbroad, newRequestValues, requestPayload } from '../new-request';
import { daysBefore } from '../request-filters';
import { EdiSection } from './EdiSection';
import type { ItemSearchHook } from './ItemPicker';
import { RequestDetailsSection } from './RequestDetailsSection';
import { RequestItemsSection } from './RequestItemsSection';
import { ShippingDetailsSection } from './ShippingDetailsSection';
import { ShipToAddressSection } from './ShipToAddressSection';

interface NewRequestProps {
  clientId: string;
  useItemSearch: ItemSearchHook;
}

/** /fulfillment_requests/new: the five sections of the new-request form. */
export function NewRequest({ clientId, useItemSearch }: NewRequestProps) {
  usePageTitle('New Fulfillment Request');
  const { data: profiles } = useShipProfiles(clientId);
  const { data: carriers } = useCarriers();
  const { data: shipmentTypes } = useShipmentTypes();
  if (!profiles || !carriers || !shipmentTypes) return <LoadingView />;
  return (
    <RequestForm
      clientId={clientId}
      useItemSearch={useItemSearch}
      profiles={profiles}
      carriers={carriers}
      shipmentTypes={shipmentTypes.shipment_types.map((type) => type.name)}
      defaultShipmentType={shipmentTypes.default_shipment_type}
    />
  );
}

interface RequestFormProps extends NewRequestProps {
  profiles: ShipProfile[];
  carriers: Carrier[];
  shipmentTypes: string[];
  defaultShipmentType: string;
}

function RequestForm({ clientId, useItemSearch, profiles, carriers, shipmentTypes, defaultShipmentType }: RequestFormProps) {
  const [today] = useState(() => daysBefore(new Date(), 0));
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const navigate = useNavigate();
  const form = useForm(newRequestValues(today, defaultShipmentType), async (values) => {
    const created = await createRequest(clientId, requestPayload(values, carriers, profiles), idempotencyKey);
    navigate(`/${clientId}/fulfillment_requests/${created.id}`, { state: flashState('success', 'Created!') });
  });

  return (
    <Form onSubmit={form.submit} style={{ maxWidth: 1100 }}>
      <h2>New Fulfillment Request</h2>
      <RequestDetailsSection form={form} shipmentTypes={shipmentTypes} today={today} />
      <ShippingDetailsSection form={form} profiles={profiles} carriers={carriers} />
      <ShipToAddressSection form={form} />
      <EdiSection form={form} today={today} />
      <RequestItemsSection form={form} clientId={clientId} useItemSearch={useItemSearch} abroad={isAbroad(form.values.address.country)} />
      <Button type="submit" disabled={form.submitting || form.values.items.length === 0}>
        Create
      </Button>
    </Form>
  );
}
