import type { ReactNode } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { useCan } from '../../../lib/current-user';
import { LoadingView } from '../../../components/LoadingView';
import type { ShopConnection } from '../../../lib/models';
import { useShopConnection } from '../api/get-shop-connection';
import { NotificationSettingsForm } from './NotificationSettingsForm';
import { usePageTitle } from '../../../lib/use-page-title';

/** The Shopify page: the shop connection, and where the client's notifications go. */
export function ShopifyPage({ clientId }: { clientId: string }) {
  usePageTitle('Shopify');
  const { data: connection, error } = useShopConnection(clientId);
  // Linking a shop and choosing where notifications go both change the account, like managing its users.
  const canManage = useCan('write:users');

  return (
    <section>
      <h2>Shopify</h2>
      {!connection && !error && <LoadingView />}
      {connection && <ShopState connection={connection} canManage={canManage} />}
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

/** Without the app's credentials the portal cannot send anyone to the shop platform: say so instead. */
function AppNotConfigured() {
  return (
    <Alert variant="warning" className="mb-3">
      The Shopify app is not set up on this portal yet, so a shop cannot be authorized from here. Please contact
      support.
    </Alert>
  );
}

/** One state at a time: connected (the app authorized), a shop named but the app not authorized yet, or no shop. */
function ShopState({ connection, canManage }: ConnectionProps) {
  if (connection.connected) return <ConnectedShop connection={connection} canManage={canManage} />;
  if (connection.shop_name) return <UnauthorizedShop connection={connection} canManage={canManage} />;
  return <NoShop connection={connection} />;
}

function ShopCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card className="mb-4">
      <Card.Body>
        <Card.Title as="h3" className="h5">
          {title}
        </Card.Title>
        {children}
      </Card.Body>
    </Card>
  );
}

function ShopLink({ connection }: Pick<ConnectionProps, 'connection'>) {
  return (
    <a href={connection.admin_url ?? undefined} target="_blank" rel="noreferrer">
      {connection.shop_name}
    </a>
  );
}

function NoShop({ connection }: Pick<ConnectionProps, 'connection'>) {
  return (
    <ShopCard title="No shop connected">
      {connection.app_configured ? (
        <p className="mb-0">
          To connect your shop, install the Fulfilment Portal app from the Shopify App Store while signed in to your
          shop&apos;s admin. When you approve the install, Shopify sends you back here and the shop is linked to this
          account.
        </p>
      ) : (
        <AppNotConfigured />
      )}
    </ShopCard>
  );
}

/** Staff named the client's shop, but nobody has approved the app's install in it: nothing syncs yet. */
function UnauthorizedShop({ connection, canManage }: ConnectionProps) {
  return (
    <ShopCard title="Shopify app not authorized yet">
      <p>
        <ShopLink connection={connection} /> is named as this account&apos;s shop, but the Fulfilment Portal app has
        not been authorized in it, so no products, stock or orders are exchanged with it yet.
      </p>
      {!canManage ? (
        <p className="mb-0">Whoever manages the users of your account can authorize it here.</p>
      ) : connection.app_configured ? (
        <Button onClick={() => reauthenticate(connection.reauthenticate_url!)}>Authorize the app</Button>
      ) : (
        <AppNotConfigured />
      )}
    </ShopCard>
  );
}

function ConnectedShop({ connection, canManage }: ConnectionProps) {
  return (
    <ShopCard
      title={
        <>
          Connected to <ShopLink connection={connection} />
        </>
      }
    >
      {canManage &&
        (connection.app_configured ? (
          <p>
            If the connection stops working, or you changed the app&apos;s permissions in your shop, click{' '}
            <Button variant="link" className="p-0 align-baseline" onClick={() => reauthenticate(connection.reauthenticate_url!)}>
              here to Reauthenticate
            </Button>
            . Your products and settings stay as they are.
          </p>
        ) : (
          <AppNotConfigured />
        ))}
      <h4 className="h6">Synchronisation</h4>
      <ul className="mb-0">
        <li>Products are matched to your shop&apos;s products by the Shopify variant id on each product page.</li>
        <li>
          Stock levels are sent to your shop only for products with Sync Inventory turned on, to the Shopify inventory
          item id on their product page.
        </li>
        <li>Orders are pulled from your shop by their order id on the Pull Order From Shopify page.</li>
        <li>One shop is linked to one client account; a second shop needs its own client account.</li>
      </ul>
    </ShopCard>
  );
}
