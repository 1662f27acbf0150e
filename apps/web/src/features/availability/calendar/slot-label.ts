import { seatsLeftText } from '@slotwise/shared/appointments-series-schemas';
import type { WindowSlot } from '../api/get-timeslot-window';
import { formatDay, formatTimeRange } from '../slot-format';

export function clientName(slot: WindowSlot): string {
  return [slot.client_first_name, slot.client_last_name].filter(Boolean).join(' ');
}

/** A slot seating several clients (docs/decisions/067-seats-and-series.md). */
export function isClass(slot: { capacity?: number }): boolean {
  return (slot.capacity ?? 1) > 1;
}

/**
 * What a screen reader says for a block: state, who, what, when. `dayLabel`: the slot's day
 * already formatted (the calendar formats each visible day once, not once per block). A class
 * says its seats left ('Class, 3 of 12 left, Yoga, …').
 */
export function slotLabel(slot: WindowSlot, dayLabel = formatDay(slot.day)): string {
  const when = `${dayLabel}, ${formatTimeRange(slot)}`;
  if (isClass(slot)) return `Class, ${seatsLeftText(slot)}, ${slot.type}, ${when}`;
  if (!slot.is_booked) return `Available, ${slot.type}, ${when}`;
  const name = clientName(slot);
  return `Booked${name ? ` by ${name}` : ''}, ${slot.type}, ${when}`;
}
