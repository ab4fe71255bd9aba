import { lazy, Suspense } from 'react';
import { Route, Routes, useSearchParams } from 'react-router';
import { LoadingView } from '../components/LoadingView';
import { LoginErrorPage } from '../features/auth/components/LoginErrorPage';
import { RequireAuth } from './RequireAuth';
import { ClientPickerRoute } from './routes/ClientPickerRoute';
import { ClientRoute } from './routes/ClientRoute';
import { Logout } from './routes/Logout';

// Loaded when first opened, like the areas of a client (see ClientRoute).
const ApiReferenceRoute = lazy(() =>
  import('./routes/ApiReferenceRoute').then((module) => ({ default: module.ApiReferenceRoute })),
);
const ShopifyAuthCallbackRoute = lazy(() =>
  import('./routes/ShopifyAuthCallbackRoute').then((module) => ({ default: module.ShopifyAuthCallbackRoute })),
);

export function AppRoutes() {
  const [searchParams] = useSearchParams();
  const loginError = searchParams.get('error_description') || searchParams.get('error');
  if (loginError) return <LoginErrorPage description={loginError} />;

  // Suspense below RequireAuth: a boundary above it would hide its SWR cache while a page loads, and
  // hiding unmounts the cache.
  return (
    <Routes>
      <Route path="logout" element={<Logout />} />
      <Route element={<RequireAuth />}>
        <Route index element={<ClientPickerRoute />} />
        <Route
          path="api_reference"
          element={
            <Suspense fallback={<LoadingView />}>
              <ApiReferenceRoute />
            </Suspense>
          }
        />
        <Route
          path="shopify/auth_callback"
          element={
            <Suspense fallback={<LoadingView />}>
              <ShopifyAuthCallbackRoute />
            </Suspense>
          }
        />
        <Route path=":clientId/*" element={<ClientRoute />} />
      </Route>
    </Routes>
  );
}
