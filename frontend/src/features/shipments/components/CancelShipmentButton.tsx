import { Button } from 'react-bootstrap';
import { useAlerts } from '../../../components/Alerts';
import { useMutation } from '../../../lib/use-mutation';
import { cancelShipment } from '../api/cancel-shipment';
import { useRefreshShipment } from '../use-refresh-shipment';

/** Cancels the shipment after asking, in the spec's words (spec part 3, §8). */
export function CancelShipmentButton({ clientId, shipmentId }: { clientId: string; shipmentId: number }) {
  const { run, pending } = useMutation();
  const { show } = useAlerts();
  const refresh = useRefreshShipment(clientId, shipmentId);

  const cancel = async () => {
    if (!window.confirm(`Are you sure you wan't to cancel shipment ${shipmentId}?`)) return;
    if ((await run(() => cancelShipment(clientId, shipmentId))) === undefined) return;
    await refresh();
    show('success', `Shipment ${shipmentId} has been cancelled`);
  };

  return (
    <Button size="sm" variant="outline-danger" onClick={() => void cancel()} disabled={pending}>
      Cancel
    </Button>
  );
}
