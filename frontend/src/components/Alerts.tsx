import { useEffect, useRef } from 'react';
import { Alert } from 'react-bootstrap';
import { useShownAlerts, type ShownAlert } from '../lib/alerts';

// The alerts' state is in lib/ so that lib's hooks (use-mutation, use-form) can raise them.
export { AlertsProvider, flashState, useAlerts, type AlertLevel } from '../lib/alerts';

/** The one place where the global alerts are shown. */
export function AlertArea() {
  const alerts = useShownAlerts();
  if (!alerts || alerts.alerts.length === 0) return null;
  return (
    <div className="mb-3">
      {alerts.alerts.map((alert) => (
        <ShownAlertView key={alert.id} alert={alert} onClose={() => alerts.dismiss(alert.id)} />
      ))}
    </div>
  );
}

function ShownAlertView({ alert, onClose }: { alert: ShownAlert; onClose: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The answer to a click may be drawn above the top of the page: bring it into view and to the
    // keyboard (and to screen readers, which read the focused alert).
    if (!alert.focus || !box.current) return;
    box.current.scrollIntoView?.({ block: 'center' });
    box.current.focus({ preventScroll: true });
  }, [alert]);
  return (
    <div ref={box} tabIndex={alert.focus ? -1 : undefined}>
      <Alert variant={alert.level} dismissible onClose={onClose} style={{ whiteSpace: 'pre-line' }}>
        {alert.message}
      </Alert>
    </div>
  );
}
