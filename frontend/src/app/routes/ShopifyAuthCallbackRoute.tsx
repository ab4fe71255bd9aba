import { useCallback, useState } from 'react';
import { Container } from 'react-bootstrap';
import { Link, useLocation, useNavigate } from 'react-router';
import { ClientPicker } from '../../features/clients/components/ClientPicker';
import { InstallCallback } from '../../features/shop/components/InstallCallback';
import { rememberShopInstallClient, shopInstallClient } from '../../features/shop/install-client';
import { useCurrentUserContext } from '../../lib/current-user';

/**
 * Where the shop platform returns after the app install (spec part 3, section 4). A client user
 * links the shop to their own client; an admin to the client whose Shopify page they last opened in
 * this tab, or to the client they choose here.
 */
export function ShopifyAuthCallbackRoute() {
  const user = useCurrentUserContext();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [chosenClientId, setChosenClientId] = useState(() => (user.isAdmin ? shopInstallClient() : null));
  const clientId = user.isAdmin ? chosenClientId : user.clientId === null ? null : String(user.clientId);
  const onInstalled = useCallback(() => navigate(`/${clientId}/shopify`, { replace: true }), [clientId, navigate]);

  if (user.isAdmin && clientId === null) {
    return (
      <>
        <Container className="pt-5" style={{ maxWidth: 560 }}>
          <p>Choose the client this shop belongs to, to finish installing the Shopify app.</p>
        </Container>
        <ClientPicker
          onChoose={(chosen) => {
            rememberShopInstallClient(String(chosen));
            setChosenClientId(String(chosen));
          }}
        />
      </>
    );
  }

  return (
    <Container className="py-5" style={{ maxWidth: 720 }}>
      <h1 className="h4 mb-4">Shopify App Install</h1>
      {clientId === null ? (
        <p>Your account is not linked to a client. Please contact support.</p>
      ) : (
        <InstallCallback clientId={clientId} platformQuery={search} onInstalled={onInstalled} />
      )}
      <Link to="/">Back to the portal</Link>
    </Container>
  );
}
