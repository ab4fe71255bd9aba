import { Route, Routes, useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { AddressFix } from '../../features/fulfillment-requests/components/AddressFix';
import { BulkRequestsUpload } from '../../features/uploads/components/BulkRequestsUpload';
import { NewRequest } from '../../features/fulfillment-requests/components/NewRequest';
import { CreateReturn } from '../../features/fulfillment-requests/components/CreateReturn';
import { RequestDetail } from '../../features/fulfillment-requests/components/RequestDetail';
import { RequestList } from '../../features/fulfillment-requests/components/RequestList';
import { useItemSearch } from '../../features/products/api/get-items';
import { pageNeeding } from '../current-user';

function RequestDetailRoute({ clientId }: { clientId: string }) {
  const { requestId = '' } = useParams();
  return <RequestDetail key={requestId} clientId={clientId} requestId={requestId} />;
}

function CreateReturnRoute({ clientId }: { clientId: string }) {
  const { requestId = '' } = useParams();
  return pageNeeding('create:fulfillment_requests', <CreateReturn key={requestId} clientId={clientId} requestId={requestId} />);
}

/** /fulfillment_requests/*: the list, a request, its return label, the address fixes. */
export function FulfillmentRequestsRoutes({ clientId }: { clientId: string }) {
  return (
    <Routes>
      <Route index element={<RequestList clientId={clientId} />} />
      <Route path="new" element={pageNeeding('create:fulfillment_requests', <NewRequest clientId={clientId} useItemSearch={useItemSearch} />)} />
      <Route
        path="new_bulk"
        element={pageNeeding('create:fulfillment_requests', <BulkRequestsUpload clientId={clientId} />)}
      />
      <Route path="fix_address" element={pageNeeding('create:fulfillment_requests', <AddressFix clientId={clientId} />)} />
      <Route path=":requestId" element={<RequestDetailRoute clientId={clientId} />} />
      <Route path=":requestId/return/create" element={<CreateReturnRoute clientId={clientId} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
