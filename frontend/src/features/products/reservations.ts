import type { InventoryRow } from '../../lib/models';
import type { Reservation } from './api/update-inventory';

/** The reserve form's inputs, by location, starting from what is reserved now. */
export function toReservationInputs(inventory: InventoryRow[]): Record<string, string> {
  return Object.fromEntries(inventory.map((row) => [row.location, String(row.reserved)]));
}

/** Whole numbers from 0 (spec part 1, §5): the message for the first bad input, or the reservations to send. */
export function toReservations(inputs: Record<string, string>): { error: string } | { locations: Reservation[] } {
  const locations: Reservation[] = [];
  for (const [location, text] of Object.entries(inputs)) {
    const reserved = Number(text);
    if (text.trim() === '' || !Number.isInteger(reserved) || reserved < 0) {
      return { error: `Reserved at ${location} must be a whole number of 0 or more.` };
    }
    locations.push({ location, reserved });
  }
  return { locations };
}
