import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { errorMessage } from './error-message';

export type AlertLevel = 'danger' | 'success' | 'warning';

interface Flash {
  level: AlertLevel;
  message: string;
}

export interface ShownAlert extends Flash {
  id: number;
  /** Scrolled into view and focused when shown: it answers what the user just did. */
  focus?: boolean;
}

interface ShowOptions {
  focus?: boolean;
}

interface Alerts {
  alerts: ShownAlert[];
  show: (level: AlertLevel, message: string, options?: ShowOptions) => void;
  showError: (failure: unknown, options?: ShowOptions) => void;
  dismiss: (id: number) => void;
  clear: () => void;
}

const AlertsContext = createContext<Alerts | null>(null);

let lastAlertId = 0;

function toShownAlert(flash: Flash, options: ShowOptions = {}): ShownAlert {
  lastAlertId += 1;
  return { id: lastAlertId, ...flash, ...options };
}

/**
 * Navigation state that makes an alert survive the navigation it comes with, since alerts are
 * otherwise cleared on every route change: navigate(to, { state: flashState('success', 'Saved') }).
 */
export function flashState(level: AlertLevel, message: string): { flash: Flash } {
  return { flash: { level, message } };
}

/** Holds the global alerts and clears them on every route change. Must sit inside the router. */
export function AlertsProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [alerts, setAlerts] = useState<ShownAlert[]>([]);
  const flash = (location.state as { flash?: Flash } | null)?.flash;

  useEffect(() => {
    setAlerts(flash ? [toShownAlert(flash)] : []);
  }, [location.key, flash]);

  const show = useCallback((level: AlertLevel, message: string, options?: ShowOptions) => {
    setAlerts((current) => {
      const same = (alert: ShownAlert) => alert.level === level && alert.message === message;
      if (!options?.focus) return current.some(same) ? current : [...current, toShownAlert({ level, message })];
      // Met again, it is shown afresh, so that it is scrolled to and focused again.
      return [...current.filter((alert) => !same(alert)), toShownAlert({ level, message }, options)];
    });
  }, []);

  const value = useMemo<Alerts>(
    () => ({
      alerts,
      show,
      showError: (failure, options) => show('danger', errorMessage(failure), options),
      dismiss: (id) => setAlerts((current) => current.filter((alert) => alert.id !== id)),
      clear: () => setAlerts([]),
    }),
    [alerts, show],
  );

  return <AlertsContext.Provider value={value}>{children}</AlertsContext.Provider>;
}

export function useAlerts(): Omit<Alerts, 'alerts'> {
  const alerts = useContext(AlertsContext);
  if (!alerts) throw new Error('useAlerts must be used inside AlertsProvider');
  return alerts;
}

/** The alerts shown now, for the one place that draws them (components/Alerts). */
export function useShownAlerts(): Alerts | null {
  return useContext(AlertsContext);
}
