import { useState, type FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { useAlerts } from '../../../components/Alerts';
import { LoadingView } from '../../../components/LoadingView';
import type { ItemType } from '../../../lib/models';
import { useItem } from '../api/get-item';
import { useUpdateInventory } from '../api/update-inventory';
import { productPath } from '../paths';
import { toReservationInputs, toReservations } from '../reservations';

/** /item_types/{upc}/reserve_inventory: how many units to hold back at each location. */
export function ReserveInventory({ clientId, upc }: { clientId: string; upc: string }) {
  const { data: item, error } = useItem(clientId, upc);

  if (error) return null;
  if (!item) return <LoadingView />;
  return <ReserveInventoryForm key={item.updated_at} clientId={clientId} item={item} />;
}

function ReserveInventoryForm({ clientId, item }: { clientId: string; item: ItemType }) {
  const [inputs, setInputs] = useState(() => toReservationInputs(item.inventory));
  const [saving, setSaving] = useState(false);
  const updateInventory = useUpdateInventory(clientId);
  const { clear, show, showError } = useAlerts();

  async function save(event: FormEvent) {
    event.preventDefault();
    clear();
    const checked = toReservations(inputs);
    if ('error' in checked) {
      show('danger', checked.error);
      return;
    }
    setSaving(true);
    try {
      await updateInventory(item.upc, checked.locations);
      show('success', 'Saved');
    } catch (failure) {
      showError(failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section>
      <h2>Reserve Inventory</h2>
      <p>
        <Link to={productPath(clientId, item.upc)}>{item.name}</Link> <span className="text-muted">UPC {item.upc}</span>
      </p>
      <Form onSubmit={save}>
        <Row>
          {item.inventory.map((row) => (
            <Form.Group as={Col} sm={6} md={3} key={row.location} className="mb-3" controlId={`reserve-${row.location}`}>
              <Form.Label>{row.location}</Form.Label>
              <Form.Control
                type="number"
                min={0}
                step={1}
                required
                value={inputs[row.location] ?? ''}
                onChange={(event) => setInputs((current) => ({ ...current, [row.location]: event.target.value }))}
              />
              <Form.Text muted>{row.unbound + row.reserved} free</Form.Text>
            </Form.Group>
          ))}
        </Row>
        <Button type="submit" disabled={saving}>
          Save
        </Button>
      </Form>
    </section>
  );
}
