import type { Translate } from '@slotwise/shared/english-text';
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
export function slotLabel(slot: WindowSlot, t: Translate, dayLabel = formatDay(slot.day)): string {
  const when = `${dayLabel}, ${formatTimeRange(slot)}`;
  const values = { type: slot.type, when };
  if (isClass(slot)) {
    return t('Class, {{seats}}, {{type}}, {{when}}', { ...values, seats: seatsLeftText(slot, t) });
  }
  if (!slot.is_booked) return t('Available, {{type}}, {{when}}', values);
  const name = clientName(slot);
  return name
    ? t('Booked by {{name}}, {{type}}, {{when}}', { ...values, name })
    : t('Booked, {{type}}, {{when}}', values);
}
