import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { AppRoutes } from '../app/AppRoutes';
import { AlertArea, AlertsProvider } from '../components/Alerts';

function CurrentLocation() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders the whole app at a route; the current path is in the "location" test id. */
export function renderApp(route: string) {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <AlertsProvider>
        <AppRoutes />
        <CurrentLocation />
      </AlertsProvider>
    </MemoryRouter>,
  );
}

/** Renders a component with the router, alerts and a fresh SWR cache around it. */
export function renderWithProviders(ui: ReactElement, route = '/') {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <AlertsProvider>
        <SWRConfig value={{ provider: () => new Map() }}>{ui}</SWRConfig>
      </AlertsProvider>
    </MemoryRouter>,
  );
}

/** The router and the alerts, shown, around a hook under test (renderHook's wrapper). */
export function WithAlerts({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter>
      <AlertsProvider>
        <AlertArea />
        {children}
      </AlertsProvider>
    </MemoryRouter>
  );
}
