import { Route, Routes, useSearchParams } from 'react-router';
import { ApiReference } from '../features/api-reference/components/ApiReference';
import { LoginErrorPage } from '../features/auth/components/LoginErrorPage';
import { RequireAuth } from './RequireAuth';
import { ClientPickerRoute } from './routes/ClientPickerRoute';
import { ClientRoute } from './routes/ClientRoute';
import { Logout } from './routes/Logout';
import { ShopifyAuthCallbackRoute } from './routes/ShopifyAuthCallbackRoute';

export function AppRoutes() {
  const [searchParams] = useSearchParams();
  const loginError = searchParams.get('error_description') || searchParams.get('error');
  if (loginError) return <LoginErrorPage description={loginError} />;

  return (
    <Routes>
      <Route path="logout" element={<Logout />} />
      <Route element={<RequireAuth />}>
        <Route index element={<ClientPickerRoute />} />
        <Route path="api_reference" element={<ApiReference />} />
        <Route path="shopify/auth_callback" element={<ShopifyAuthCallbackRoute />} />
        <Route path=":clientId/*" element={<ClientRoute />} />
      </Route>
    </Routes>
  );
}
