import type { OrderAlerts } from './types';

/** The Order Alerts of spec part 3, §2, each with the list it opens (relative to /{clientId}). */
export const ALERTS: { key: keyof OrderAlerts; label: string; to: string }[] = [
  { key: 'invalid_address', label: 'Invalid address', to: 'fulfillment_requests?tab=Invalid+Address&status=validating' },
  { key: 'fraud_approval_required', label: 'Fraud alert', to: 'fulfillment_requests?tab=Fraud' },
  { key: 'groups_require_approval', label: 'LTL groups needing approval', to: 'ltl?needsApproval=true' },
  { key: 'missing_customs_info', label: 'Missing customs info', to: 'fulfillment_requests?tab=Missing+Customs' },
  { key: 'shipments_missing_inventory', label: 'Shipments with items lacking inventory', to: 'fulfillment_requests?tab=Unallocated+Inventory' },
];

/** The API counts an alert up to this many, then answers one more for "more than that". */
export const ALERT_CAP = 1000;

/** An alert's count as shown: "1,000+" past the cap. */
export function alertCount(count: number): string {
  return count > ALERT_CAP ? `${ALERT_CAP.toLocaleString()}+` : count.toLocaleString();
}

/** The alerts that have something to show, with their counts. */
export function raisedAlerts(alerts: OrderAlerts) {
  return ALERTS.filter((alert) => alerts[alert.key] > 0).map((alert) => ({ ...alert, count: alerts[alert.key] }));
}
