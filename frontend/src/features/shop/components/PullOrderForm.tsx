import { useState } from 'react';
import { Alert, Button, Card, Form, InputGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import { useMutation } from '../../../lib/use-mutation';
import { pullShopOrder, type PulledShopOrder } from '../api/pull-shop-order';

/** 'Import Order From Shopify': one order by its id (the number in the order's address in the shop admin). */
export function PullOrderForm({ clientId }: { clientId: string }) {
  const [orderId, setOrderId] = useState('');
  const [pulled, setPulled] = useState<PulledShopOrder | null>(null);
  const pulling = useMutation();
  const { mutate } = useSWRConfig();

  async function pull(event: React.FormEvent) {
    event.preventDefault();
    setPulled(null);
    const answer = await pulling.run(() => pullShopOrder(clientId, orderId.trim()));
    if (answer) {
      setPulled(answer);
      void mutate((key) => Array.isArray(key) && key[0] === 'shop-orders' && key[1] === clientId);
    }
  }

  return (
    <Card className="mb-4">
      <Card.Body>
        <Card.Title as="h3" className="h5">
          Import Order From Shopify
        </Card.Title>
        <Form onSubmit={(event) => void pull(event)}>
          <Form.Label htmlFor="order_id">Order ID</Form.Label>
          <InputGroup style={{ maxWidth: '28rem' }}>
            <Form.Control
              id="order_id"
              name="order_id"
              inputMode="numeric"
              placeholder="e.g. 5123456789012"
              value={orderId}
              onChange={(event) => setOrderId(event.target.value)}
            />
            <Button type="submit" disabled={pulling.pending || !orderId.trim()}>
              {pulling.pending ? 'Pulling...' : 'Pull'}
            </Button>
          </InputGroup>
        </Form>
        {pulled && (
          <Alert variant="success" className="mt-3 mb-0">
            Order {pulled.order_name ?? pulled.shop_order_id}{' '}
            {pulled.result === 'imported' ? 'was imported as' : 'was imported before as'}{' '}
            <Link to={`/${clientId}/fulfillment_requests/${pulled.fulfillment_request_id}`}>
              fulfillment request {pulled.fulfillment_request_id}
            </Link>
            .
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}
