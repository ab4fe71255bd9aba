import { lazy } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { AddressFix } from '../../features/fulfillment-requests/components/AddressFix';
import { BulkRequestsUpload } from '../../features/uploads/components/BulkRequestsUpload';
import { NewRequest } from '../../features/fulfillment-requests/components/NewRequest';
import { CreateReturn } from '../../features/fulfillment-requests/components/CreateReturn';
import { RequestDetail } from '../../features/fulfillment-requests/components/RequestDetail';
import { RequestList } from '../../features/fulfillment-requests/components/RequestList';
import { useItemSearch } from '../../features/products/api/get-items';
import { useClient } from '../../features/clients/api/get-client';
import { pageNeeding } from '../current-user';

// The shipments' area is a chunk of its own: the request pages do not wait for it.
const ShipmentAddressRoute = lazy(() => import('./ShipmentsRoutes').then((module) => ({ default: module.ShipmentAddressRoute })));

function RequestDetailRoute({ clientId }: { clientId: string }) {
  const { requestId = '' } = useParams();
  return <RequestDetail key={requestId} clientId={clientId} requestId={requestId} />;
}

function CreateReturnRoute({ clientId }: { clientId: string }) {
  const { requestId = '' } = useParams();
  return pageNeeding('create:fulfillment_requests', <CreateReturn key={requestId} clientId={clientId} requestId={requestId} />);
}

/** /fulfillment_requests/*: the list, a request, its return label, the address fixes (a request's and a shipment's). */
export function FulfillmentRequestsRoutes({ clientId }: { clientId: string }) {
  // Import from Shopify is offered only to a client with a shop (spec part 2 section 2).
  const { data: client } = useClient(clientId);
  const shopImportPath = client?.shopify_shop_name ? `/${clientId}/shopify/get_order` : undefined;
  return (
    <Routes>
      <Route index element={<RequestList clientId={clientId} shopImportPath={shopImportPath} />} />
      <Route path="new" element={pageNeeding('create:fulfillment_requests', <NewRequest clientId={clientId} useItemSearch={useItemSearch} />)} />
      <Route
        path="new_bulk"
        element={pageNeeding('create:fulfillment_requests', <BulkRequestsUpload clientId={clientId} />)}
      />
      <Route path="fix_address" element={pageNeeding('create:fulfillment_requests', <AddressFix clientId={clientId} />)} />
      <Route path=":requestId" element={<RequestDetailRoute clientId={clientId} />} />
      <Route path=":requestId/return/create" element={<CreateReturnRoute clientId={clientId} />} />
      <Route
        path=":requestId/shipments/:shipmentId/to_address"
        element={pageNeeding('update:shipments', <ShipmentAddressRoute clientId={clientId} />)}
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
