import type { ComponentType, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { flashState } from '../../../components/Alerts';
import { LoadingView } from '../../../components/LoadingView';
import type { AddressValidation, ShipToAddress } from '../../../lib/models';
import { usePageTitle } from '../../../lib/use-page-title';
import { changeShipmentAddress } from '../api/change-shipment-address';
import { useShipment } from '../api/get-shipment';
import type { ShipmentAddress } from '../types';
import { useRefreshShipment } from '../use-refresh-shipment';

type AddressSave = { stored: true } | { stored: false; check: AddressValidation };

/** The address fix page of the fulfilment requests, handed over by the route (features do not import each other). */
export type AddressFixerComponent = ComponentType<{
  original: ShipmentAddress;
  heading: ReactNode;
  save: (address: ShipToAddress, skipValidation: boolean) => Promise<AddressSave>;
  onFixed: () => void;
}>;

interface ShipmentAddressEditProps {
  clientId: string;
  shipmentId: string;
  AddressFixer: AddressFixerComponent;
}

/** /fulfillment_requests/{request}/shipments/{id}/to_address: the shipment's ship-to address fixed (its request's, which all its shipments share), then back to the shipment. */
export function ShipmentAddressEdit({ clientId, shipmentId, AddressFixer }: ShipmentAddressEditProps) {
  const { data: shipment } = useShipment(clientId, shipmentId);
  const refresh = useRefreshShipment(clientId, Number(shipmentId));
  const navigate = useNavigate();
  usePageTitle(`Shipment ${shipmentId} Address`);
  if (!shipment) return <LoadingView />;

  const save = async (address: ShipToAddress, skipValidation: boolean): Promise<AddressSave> => {
    const answer = await changeShipmentAddress(clientId, shipment.id, address, skipValidation);
    const { shipment: stored, ...check } = answer;
    if (!stored) return { stored: false, check };
    await refresh(stored);
    return { stored: true };
  };
  const heading = (
    <>
      Shipment <Link to={`/${clientId}/shipments/${shipment.id}`}>{shipment.id}</Link> of fulfillment request{' '}
      <Link to={`/${clientId}/fulfillment_requests/${shipment.request_id}`}>{shipment.fulfillment_request_id}</Link>
    </>
  );

  return (
    <section>
      <h2 className="mb-3">Change Address</h2>
      <AddressFixer
        original={shipment.to_address}
        heading={heading}
        save={save}
        onFixed={() => void navigate(`/${clientId}/shipments/${shipment.id}`, { state: flashState('success', 'Address changed') })}
      />
    </section>
  );
}
