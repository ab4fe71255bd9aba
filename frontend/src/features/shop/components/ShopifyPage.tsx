import { Button, Card } from 'react-bootstrap';
import { useCan } from '../../../app/current-user';
import { LoadingView } from '../../../components/LoadingView';
import type { ShopConnection } from '../../../lib/models';
import { useShopConnection } from '../api/get-shop-connection';
import { NotificationSettingsForm } from './NotificationSettingsForm';

/** The Shopify page: the shop connection, and where the client's notifications go. */
export function ShopifyPage({ clientId }: { clientId: string }) {
  const { data: connection, error } = useShopConnection(clientId);
  // Linking a shop and choosing where notifications go both change the account, like managing its users.
  const canManage = useCan('write:users');

  return (
    <section>
      <h2>Shopify</h2>
      {!connection && !error && <LoadingView />}
      {connection &&
        (connection.connected ? (
          <ConnectedShop connection={connection} canManage={canManage} />
        ) : (
          <NoShop connection={connection} canManage={canManage} />
        ))}
      <NotificationSettingsForm clientId={clientId} readOnly={!canManage} />
    </section>
  );
}

function reauthenticate(url: string) {
  // A server route, not a page of this app: it redirects to the shop platform.
  window.location.assign(url);
}

interface ConnectionProps {
  connection: ShopConnection;
  canManage: boolean;
}

function NoShop({ connection, canManage }: ConnectionProps) {
  return (
    <Card className="mb-4">
      <Card.Body>
        <Card.Title>No shop connected</Card.Title>
        <p>
          To connect your shop, install the Fulfilment Portal app from the Shopify App Store while signed in to your
          shop&apos;s admin. When you approve the install, Shopify sends you back here and the shop is linked to this
          account.
        </p>
        {canManage && connection.shop_name && connection.reauthenticate_url && (
          <p className="mb-0">
            This account is set up for <strong>{connection.shop_name}</strong>. Click{' '}
            <Button variant="link" className="p-0 align-baseline" onClick={() => reauthenticate(connection.reauthenticate_url!)}>
              here to Authorize
            </Button>{' '}
            the app for it.
          </p>
        )}
      </Card.Body>
    </Card>
  );
}

function ConnectedShop({ connection, canManage }: ConnectionProps) {
  return (
    <Card className="mb-4">
      <Card.Body>
        <Card.Title>
          Connected to{' '}
          <a href={connection.admin_url ?? undefined} target="_blank" rel="noreferrer">
            {connection.shop_name}
          </a>
        </Card.Title>
        {canManage && (
          <p>
            If the connection stops working, or you changed the app&apos;s permissions in your shop, click{' '}
            <Button variant="link" className="p-0 align-baseline" onClick={() => reauthenticate(connection.reauthenticate_url!)}>
              here to Reauthenticate
            </Button>
            . Your products and settings stay as they are.
          </p>
        )}
        <h3 className="h6">Synchronisation</h3>
        <ul className="mb-0">
          <li>Products are matched to your shop&apos;s products by the Shopify variant id on each product page.</li>
          <li>
            Stock levels are sent to your shop only for products with Sync Inventory turned on, to the Shopify inventory
            item id on their product page.
          </li>
          <li>Orders are pulled from your shop by their order id on the Pull Order From Shopify page.</li>
          <li>One shop is linked to one client account; a second shop needs its own client account.</li>
        </ul>
      </Card.Body>
    </Card>
  );
}
