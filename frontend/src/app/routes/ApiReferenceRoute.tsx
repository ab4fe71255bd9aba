import { Container } from 'react-bootstrap';
import { Link } from 'react-router';
import { LoadingView } from '../../components/LoadingView';
import { NotAvailablePage } from '../../components/NotAvailablePage';
import { ApiReference } from '../../features/api-reference/components/ApiReference';
import { useClient } from '../../features/clients/api/get-client';
import { CLIENT_VERSION_WITH_LTL } from '../../config/constants';
import { useCurrentUserContext } from '../../lib/current-user';
import { clientVersionAllows } from '../shell/navigation';

/**
 * /api_reference: like its sidebar entry, only for clients on the API version that has it. Staff
 * act for every client, so they always get it.
 */
export function ApiReferenceRoute() {
  const user = useCurrentUserContext();
  if (user.isAdmin) return <ApiReference />;
  if (user.clientId === null) return <ApiReferenceNotAvailable />;
  return <ClientApiReference clientId={String(user.clientId)} />;
}

function ClientApiReference({ clientId }: { clientId: string }) {
  const { data: client } = useClient(clientId);
  if (!client) return <LoadingView />;
  if (!clientVersionAllows(CLIENT_VERSION_WITH_LTL, client.fulfillment_request_api_version)) return <ApiReferenceNotAvailable />;
  return <ApiReference />;
}

function ApiReferenceNotAvailable() {
  return (
    <Container className="py-5">
      <NotAvailablePage title="API Reference" />
      <Link to="/">Back to the portal</Link>
    </Container>
  );
}
