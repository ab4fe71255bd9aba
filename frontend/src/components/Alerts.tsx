import { Alert } from 'react-bootstrap';
import { useShownAlerts } from '../lib/alerts';

// The alerts' state is in lib/ so that lib's hooks (use-mutation, use-form) can raise them.
export { AlertsProvider, flashState, useAlerts, type AlertLevel } from '../lib/alerts';

/** The one place where the global alerts are shown. */
export function AlertArea() {
  const alerts = useShownAlerts();
  if (!alerts || alerts.alerts.length === 0) return null;
  return (
    <div className="mb-3">
      {alerts.alerts.map(({ id, level, message }) => (
        <Alert key={id} variant={level} dismissible onClose={() => alerts.dismiss(id)} style={{ whiteSpace: 'pre-line' }}>
          {message}
        </Alert>
      ))}
    </div>
  );
}
