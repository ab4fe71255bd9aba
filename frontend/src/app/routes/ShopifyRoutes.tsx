import { useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage';
import { PullOrderPage } from '../../features/shop/components/PullOrderPage';
import { ShopifyPage } from '../../features/shop/components/ShopifyPage';
import { rememberShopInstallClient } from '../../features/shop/install-client';
import { useCurrentUserContext } from '../../lib/current-user';

export function ShopifyRoutes({ clientId }: { clientId: string }) {
  const user = useCurrentUserContext();

  useEffect(() => {
    // An install started from here (or from the app store in this tab) comes back for this client.
    if (user.isAdmin) rememberShopInstallClient(clientId);
  }, [user.isAdmin, clientId]);

  return (
    <Routes>
      <Route index element={<ShopifyPage clientId={clientId} />} />
      <Route path="get_order" element={<PullOrderPage clientId={clientId} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
