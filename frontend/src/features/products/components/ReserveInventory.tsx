import { Button, Col, Form, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { useAlerts } from '../../../components/Alerts';
import { FieldLabel } from '../../../components/FieldLabel';
import { LoadingView } from '../../../components/LoadingView';
import type { ItemType } from '../../../lib/models';
import { useForm } from '../../../lib/use-form';
import { usePageTitle } from '../../../lib/use-page-title';
import { useItem } from '../api/get-item';
import { useUpdateInventory } from '../api/update-inventory';
import { isVirtual } from '../composite-types';
import { productPath } from '../paths';
import { toReservationInputs, toReservations } from '../reservations';
import { NotForThisProduct } from './NotForThisProduct';

const PAGE_TITLE = 'Reserve Inventory';

/** /item_types/{upc}/reserve_inventory: how many units to hold back at each location. */
export function ReserveInventory({ clientId, upc }: { clientId: string; upc: string }) {
  usePageTitle(PAGE_TITLE);
  const { data: item, error } = useItem(clientId, upc);

  if (error) return null;
  if (!item) return <LoadingView />;
  if (isVirtual(item)) {
    return (
      <NotForThisProduct
        clientId={clientId}
        item={item}
        page={PAGE_TITLE}
        reason={`A ${item.composite_type_name.toLowerCase()} holds no stock of its own, so nothing can be reserved for it. Reserve its child items instead.`}
      />
    );
  }
  return <ReserveInventoryForm key={item.updated_at} clientId={clientId} item={item} />;
}

function ReserveInventoryForm({ clientId, item }: { clientId: string; item: ItemType }) {
  const updateInventory = useUpdateInventory(clientId);
  const { clear, show } = useAlerts();
  const { values: inputs, change, submitting, submit } = useForm(toReservationInputs(item.inventory), async (submitted) => {
    clear();
    const checked = toReservations(submitted);
    if ('error' in checked) {
      show('danger', checked.error);
      return;
    }
    await updateInventory(item.upc, checked.locations); // a refusal is the form hook's to show
    show('success', 'Saved');
  });

  return (
    <section>
      <h2>{PAGE_TITLE}</h2>
      <p>
        <Link to={productPath(clientId, item.upc)}>{item.name}</Link> <span className="text-muted">UPC {item.upc}</span>
      </p>
      <Form onSubmit={submit}>
        <Row>
          {item.inventory.map((row) => (
            <Form.Group as={Col} xs={6} md={3} key={row.location} className="mb-3" controlId={`reserve-${row.location}`}>
              <FieldLabel required>{row.location}</FieldLabel>
              <Form.Control
                type="number"
                min={0}
                step={1}
                required
                value={inputs[row.location] ?? ''}
                onChange={(event) => change(row.location, event.target.value)}
              />
              {/* Unbound units are the ones neither reserved nor bound to a shipment: what more can be reserved. */}
              <Form.Text muted>
                {row.unbound} free, {row.reserved} reserved
              </Form.Text>
            </Form.Group>
          ))}
        </Row>
        <Button type="submit" disabled={submitting}>
          Save
        </Button>
      </Form>
    </section>
  );
}
