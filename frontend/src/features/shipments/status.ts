import type { ShipmentAction, ShipmentStatus } from './types';

/** The way a shipment goes when nothing is wrong, as its breadcrumb shows it. */
export const STATUS_PATH: readonly ShipmentStatus[] = [
  'validating',
  'ready_to_process',
  'processing',
  'pending_ship_label',
  'shipped',
  'delivered',
];

export interface StatusStep {
  status: ShipmentStatus;
  /** Reached before the current status. */
  done: boolean;
  current: boolean;
}

/**
 * The breadcrumb of a status: the way up to and past it, the current step marked; the warning state
 * (exception) and a cancelled shipment are shown alone (spec part 3, §4).
 */
export function statusSteps(status: ShipmentStatus): StatusStep[] {
  const position = STATUS_PATH.indexOf(status);
  if (position < 0) return [{ status, done: false, current: true }];
  return STATUS_PATH.map((step, index) => ({ status: step, done: index < position, current: index === position }));
}

export function allows(shipment: { allowed_actions: readonly string[] }, action: ShipmentAction): boolean {
  return shipment.allowed_actions.includes(action);
}
