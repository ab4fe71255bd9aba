import { Button } from 'react-bootstrap';
import { useSWRConfig } from 'swr';
import { useAlerts } from '../../../components/Alerts';
import type { FulfillmentRequest } from '../../../lib/models';
import { useMutation } from '../../../lib/use-mutation';
import { cancelRequest } from '../api/cancel-request';
import { requestKey } from '../api/get-request';

/** Cancels the whole request after asking; the API refuses (and cancels nothing) once the warehouse has begun a shipment. */
export function CancelRequestButton({ clientId, request }: { clientId: string; request: FulfillmentRequest }) {
  const { run, pending } = useMutation();
  const { show } = useAlerts();
  const { mutate } = useSWRConfig();

  const cancel = async () => {
    const question = `Are you sure you want to cancel fulfillment request ${request.fulfillment_request_id}? Every shipment of it is cancelled.`;
    if (!window.confirm(question)) return;
    const cancelled = await run(() => cancelRequest(clientId, request.id));
    if (cancelled) {
      await mutate(requestKey(clientId, String(request.id)), cancelled, { revalidate: false });
      show('success', `Fulfillment Request ${request.fulfillment_request_id} has been cancelled`);
    }
  };

  return (
    <Button size="sm" variant="outline-danger" onClick={() => void cancel()} disabled={pending}>
      Cancel Request
    </Button>
  );
}
