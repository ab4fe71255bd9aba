import { Alert } from 'react-bootstrap';
import { Link } from 'react-router';
import { LoadingView } from '../../../components/LoadingView';
import { useCan } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/use-page-title';
import { useShopConnection } from '../api/get-shop-connection';
import { PullOrderForm } from './PullOrderForm';
import { ShopOrdersTable } from './ShopOrdersTable';

/** /shopify/get_order: the shop's open, unfulfilled orders to import, and the pull of one order by its id. */
export function PullOrderPage({ clientId }: { clientId: string }) {
  usePageTitle('Pull Order From Shopify');
  const { data: connection, error } = useShopConnection(clientId);
  const canImport = useCan('create:fulfillment_requests');

  return (
    <section>
      <h2>Pull Order From Shopify</h2>
      {!connection && !error && <LoadingView />}
      {connection && !connection.connected && (
        <Alert variant="info">
          No shop is connected yet: connect it on the <Link to={`/${clientId}/shopify`}>Shopify page</Link>, then its
          orders can be pulled here.
        </Alert>
      )}
      {connection?.connected && (
        <>
          <p className="text-muted">
            Open, unfulfilled orders of <strong>{connection.shop_name}</strong>. An order is imported once: pulling it
            again shows the fulfillment request it became. New orders also arrive by themselves.
          </p>
          {canImport && <PullOrderForm clientId={clientId} />}
          <ShopOrdersTable clientId={clientId} canImport={canImport} />
        </>
      )}
    </section>
  );
}
