import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { useAlerts } from '../../../components/Alerts';
import { Panel } from '../../../components/Facts';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { codeLabel } from '../../../lib/labels';
import { useMutation } from '../../../lib/use-mutation';
import { updateSetItem } from '../api/update-set-item';
import type { Shipment, ShipmentItem, ShipmentSet } from '../types';
import { useRefreshShipment } from '../use-refresh-shipment';

/** The shipment's sets and their items; quantities are edited while the shipment allows it. */
export function ShipmentSets({ clientId, shipment }: { clientId: string; shipment: Shipment }) {
  const editable = shipment.allowed_actions.includes('edit_quantities');
  return (
    <Panel title="Sets">
      {shipment.sets.map((shipmentSet, index) => (
        <SetItems key={shipmentSet.id} clientId={clientId} shipment={shipment} shipmentSet={shipmentSet} position={index + 1} editable={editable} />
      ))}
    </Panel>
  );
}

interface SetItemsProps {
  clientId: string;
  shipment: Shipment;
  shipmentSet: ShipmentSet;
  position: number;
  editable: boolean;
}

function SetItems({ clientId, shipment, shipmentSet, position, editable }: SetItemsProps) {
  const [quantities, setQuantities] = useState<Record<number, string> | null>(null);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const { run, pending } = useMutation();
  const { show } = useAlerts();
  const refresh = useRefreshShipment(clientId, shipment.id);

  const startEditing = () => {
    setErrors({});
    setQuantities(Object.fromEntries(shipmentSet.items.map((item) => [item.id, String(item.quantity_desired)])));
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!quantities) return;
    setErrors({});
    const changed = shipmentSet.items.filter((item) => quantities[item.id] !== String(item.quantity_desired));
    let saved: Shipment | undefined;
    // One call per item: the first refused stops the rest, its message beside its field.
    for (const item of changed) {
      saved = await run(() => updateSetItem(clientId, shipment.id, shipmentSet.id, item.id, Number(quantities[item.id])), {
        onError: (failure) => void setErrors({ [item.id]: itemError(failure) }),
      });
      if (!saved) {
        await refresh();
        return;
      }
    }
    await refresh(saved);
    setQuantities(null);
    show('success', 'Saved');
  };

  const quantityCell = (item: ShipmentItem) => {
    if (!quantities) return item.quantity_desired;
    const error = errors[item.id];
    return (
      <>
        <Form.Control
          type="number"
          size="sm"
          style={{ minWidth: '6rem' }}
          aria-label={`Quantity of ${item.upc}`}
          min={0}
          max={item.quantity_requested}
          step={1}
          value={quantities[item.id]}
          onChange={(event) => setQuantities((current) => current && { ...current, [item.id]: event.target.value })}
          isInvalid={Boolean(error)}
        />
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </>
    );
  };

  return (
    <Form className="mb-3" onSubmit={save} aria-label={`Set ${position}`} noValidate>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <span className="small text-muted me-auto">
          Set {position} · {codeLabel(shipmentSet.type)}
          {shipmentSet.gift_note && ` · Gift note: ${shipmentSet.gift_note}`}
        </span>
        {editable && !quantities && (
          <Button size="sm" variant="outline-primary" onClick={startEditing} aria-label={`Edit Quantities of set ${position}`}>
            Edit Quantities
          </Button>
        )}
        {quantities && (
          <>
            <Button type="submit" size="sm" disabled={pending}>
              Save Quantities
            </Button>
            <Button size="sm" variant="outline-secondary" onClick={() => setQuantities(null)} disabled={pending}>
              Discard
            </Button>
          </>
        )}
      </div>
      <ResponsiveTable label={`Items of set ${position}`} size="sm" className="mb-0">
        <thead>
          <tr>
            <th>UPC</th>
            <th>Name</th>
            <th>Requested</th>
            <th>Quantity</th>
            <th>Allocated</th>
          </tr>
        </thead>
        <tbody>
          {shipmentSet.items.map((item) => (
            <tr key={item.id}>
              <td>
                <Link to={`/${clientId}/item_types/${encodeURIComponent(item.upc)}`}>{item.upc}</Link>
              </td>
              <td>{item.name}</td>
              <td>{item.quantity_requested}</td>
              <td>{quantityCell(item)}</td>
              <td>{item.quantity_allocated}</td>
            </tr>
          ))}
        </tbody>
      </ResponsiveTable>
    </Form>
  );
}

/** What a refused quantity says, for its field: the refusal's words for quantity_desired, else its description. */
function itemError(failure: unknown): string {
  const errors = fieldErrorsOf(failure);
  return errors.quantity_desired ?? Object.values(errors)[0] ?? (failure instanceof Error ? failure.message : String(failure));
}
