import { useParams } from 'react-router';
import { RequestLogEntryPage } from '../../features/audit/components/RequestLogEntryPage';

/** /{clientId}/requests/{id}: one logged call. */
export function RequestRoute({ clientId }: { clientId: string }) {
  const { requestId = '' } = useParams();
  return <RequestLogEntryPage key={requestId} clientId={clientId} requestId={requestId} />;
}
