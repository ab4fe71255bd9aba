import { Button } from 'react-bootstrap';
import { useAlerts } from '../../../components/Alerts';
import { useMutation } from '../../../lib/use-mutation';
import { approveGroup } from '../api/approve-group';
import { cancelGroup } from '../api/cancel-group';
import { allows, cancelPrompt, offersApproval } from '../group-rules';
import type { ShipmentGroup } from '../types';
import { useRefreshGroup } from '../use-refresh-group';

/** Approve and Cancel (spec part 3, §4), each offered only when the group allows it; Cancel asks first in the spec's words. */
export function GroupActions({ clientId, group }: { clientId: string; group: ShipmentGroup }) {
  const { run, pending } = useMutation();
  const { show } = useAlerts();
  const refresh = useRefreshGroup(clientId);

  const approve = async () => {
    const approved = await run(() => approveGroup(clientId, group.id));
    if (!approved) return;
    await refresh(group.id, approved);
    show('success', `Shipment group ${group.id} has been approved`);
  };
  const cancel = async () => {
    if (!window.confirm(cancelPrompt(group.id))) return;
    const cancelled = await run(() => cancelGroup(clientId, group.id));
    if (!cancelled) return;
    await refresh(group.id, cancelled);
    show('success', `Shipment group ${group.id} has been cancelled`);
  };

  return (
    <>
      {offersApproval(group) && (
        <Button size="sm" onClick={() => void approve()} disabled={pending}>
          Approve
        </Button>
      )}
      {allows(group, 'cancel') && (
        <Button size="sm" variant="outline-danger" onClick={() => void cancel()} disabled={pending}>
          Cancel
        </Button>
      )}
    </>
  );
}
