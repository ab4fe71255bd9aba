import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { AlertArea, flashState, useAlerts } from '../../../components/Alerts';
import { FormField } from '../../../components/FormField';
import { LoadingView } from '../../../components/LoadingView';
import { formatDate } from '../../../lib/format-datetime';
import { count } from '../../../lib/pluralize';
import { useMutation } from '../../../lib/use-mutation';
import { useValidatingGroups } from '../api/get-groups';
import { moveShipment } from '../api/move-shipment';
import { MOVED_MESSAGE, moveTargets, shipToLine, sourceSurvivesMove } from '../group-rules';
import type { GroupShipment, ShipmentGroup } from '../types';
import { useRefreshGroup } from '../use-refresh-group';

interface MoveShipmentDialogProps {
  clientId: string;
  group: ShipmentGroup;
  shipment: GroupShipment;
  onClose: () => void;
}

/** 'Move To Shipment Group...': a picker of the client's other groups in validating (up to 500); the source group is read again, or left for the list when this was its last shipment. */
export function MoveShipmentDialog({ clientId, group, shipment, onClose }: MoveShipmentDialogProps) {
  const { data: groups } = useValidatingGroups(clientId, true);
  const [targetId, setTargetId] = useState('');
  const { run, pending } = useMutation();
  const { show } = useAlerts();
  const refresh = useRefreshGroup(clientId);
  const navigate = useNavigate();
  const targets = groups ? moveTargets(groups, group) : [];

  const move = async (event: React.FormEvent) => {
    event.preventDefault();
    const target = await run(() => moveShipment(clientId, Number(targetId), shipment.id));
    if (!target) return;
    await refresh(target.id, target);
    if (sourceSurvivesMove(group.shipments_count)) {
      await refresh(group.id);
      onClose();
      show('success', MOVED_MESSAGE);
    } else {
      void navigate(`/${clientId}/ltl`, { state: flashState('success', MOVED_MESSAGE) });
    }
  };

  return (
    <Modal show onHide={onClose} aria-labelledby="move-shipment-title">
      <Form onSubmit={(event) => void move(event)} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id="move-shipment-title" as="h2" className="h5">
            Move Shipment {shipment.id} To Shipment Group
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {/* A refusal shows here too: the page's alerts are behind the dialog. */}
          <AlertArea />
          {!groups ? (
            <LoadingView />
          ) : targets.length === 0 ? (
            <p className="mb-0">No other group of warehouse {group.warehouse_id} is open for shipments.</p>
          ) : (
            <FormField label="Shipment Group" id="move-target">
              <Form.Select value={targetId} onChange={(event) => setTargetId(event.target.value)}>
                <option value="">Choose a group</option>
                {targets.map((target) => (
                  <option key={target.id} value={target.id}>
                    {target.id} · {shipToLine(target.to_address)} · {formatDate(target.desired_ship_date)} · {count(target.shipments_count, 'shipment')}
                  </option>
                ))}
              </Form.Select>
            </FormField>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending || !targetId}>
            Move
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
