import type { ComponentType, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { flashState } from '../../../components/Alerts';
import { LoadingView } from '../../../components/LoadingView';
import type { ShipToAddress } from '../../../lib/models';
import { usePageTitle } from '../../../lib/use-page-title';
import { changeGroupAddress } from '../api/change-group-address';
import { useGroup } from '../api/get-group';
import { addressSaveOf, type AddressSave } from '../group-address';
import type { GroupAddress } from '../types';
import { useRefreshGroup } from '../use-refresh-group';

/** The address fix page of the fulfilment requests, handed over by the route (features do not import each other). */
export type AddressFixerComponent = ComponentType<{
  original: GroupAddress;
  heading: ReactNode;
  save: (address: ShipToAddress, skipValidation: boolean) => Promise<AddressSave>;
  onFixed: () => void;
}>;

interface GroupAddressEditProps {
  clientId: string;
  groupId: string;
  AddressFixer: AddressFixerComponent;
}

/** /{clientId}/ltl/{id}/to_address: the group's ship-to address fixed (its shipments' too), then back to the group. */
export function GroupAddressEdit({ clientId, groupId, AddressFixer }: GroupAddressEditProps) {
  const { data: group, error } = useGroup(clientId, groupId);
  const refresh = useRefreshGroup(clientId);
  const navigate = useNavigate();
  usePageTitle(`Shipment Group ${groupId} Address`);
  if (error) return <h2>Change Address</h2>;
  if (!group) return <LoadingView />;

  const save = async (address: ShipToAddress, skipValidation: boolean): Promise<AddressSave> => {
    const answer = await changeGroupAddress(clientId, group.id, address, skipValidation);
    const saved = addressSaveOf(answer, skipValidation);
    if (saved.stored) await refresh(group.id, answer.shipment_group);
    return saved;
  };
  const heading = (
    <>
      The ship-to address of LTL shipment group <Link to={`/${clientId}/ltl/${group.id}`}>{group.id}</Link>, shared by its{' '}
      {group.shipments_count === 1 ? 'shipment' : `${group.shipments_count} shipments`}
    </>
  );

  return (
    <section>
      <h2 className="mb-3">Change Address</h2>
      <AddressFixer
        original={group.to_address}
        heading={heading}
        save={save}
        onFixed={() => void navigate(`/${clientId}/ltl/${group.id}`, { state: flashState('success', 'Address changed') })}
      />
    </section>
  );
}
