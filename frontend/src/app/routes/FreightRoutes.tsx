import { Route, Routes, useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { AddressFixer } from '../../features/fulfillment-requests/components/AddressFix';
import { GroupAddressEdit } from '../../features/freight/components/GroupAddressEdit';
import { GroupDetail } from '../../features/freight/components/GroupDetail';
import { GroupList } from '../../features/freight/components/GroupList';
import { pageNeeding } from '../current-user';

function GroupPage({ clientId }: { clientId: string }) {
  const { groupId = '' } = useParams();
  return <GroupDetail key={groupId} clientId={clientId} groupId={groupId} />;
}

/** The group's address page is the requests' address fix page, fixing the group's address. */
function GroupAddressPage({ clientId }: { clientId: string }) {
  const { groupId = '' } = useParams();
  return <GroupAddressEdit key={groupId} clientId={clientId} groupId={groupId} AddressFixer={AddressFixer} />;
}

/** /{clientId}/ltl/*: the LTL shipment groups, a group, its address (spec part 3, §2). */
export function FreightRoutes({ clientId }: { clientId: string }) {
  return (
    <Routes>
      <Route index element={<GroupList clientId={clientId} />} />
      <Route path=":groupId" element={<GroupPage clientId={clientId} />} />
      <Route path=":groupId/to_address" element={pageNeeding('update:ltl', <GroupAddressPage clientId={clientId} />)} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
