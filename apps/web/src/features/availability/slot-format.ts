import { formatPrice } from '@slotwise/shared/catalogue-schemas';
import { hhmm } from '@slotwise/shared/dates';
import type { Timeslot } from '@slotwise/shared/availability-slot-schemas';
import { calendarDayFormatter } from '../../lib/calendar-day-format';

/** 'Fri, Jun 14, 2030' for '2030-06-14'. */
export const formatDay = calendarDayFormatter({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** '09:00 – 09:30' */
export function formatTimeRange(slot: Pick<Timeslot, 'start_time' | 'end_time'>): string {
  return `${hhmm(slot.start_time)} – ${hhmm(slot.end_time)}`;
}

/** Sorted by date, then start time. */
export function sortSlots(slots: readonly Timeslot[]): Timeslot[] {
  return [...slots].sort((a, b) =>
    a.day === b.day ? a.start_time.localeCompare(b.start_time) : a.day.localeCompare(b.day),
  );
}

/** 'Haircut (45 min, $35.00)': a service as the slot form offers it. */
export function serviceOptionLabel(service: {
  name: string;
  duration_minutes: number;
  price_cents: number;
  currency: string;
}): string {
  return `${service.name} (${service.duration_minutes} min, ${formatPrice(service.price_cents, service.currency)})`;
}

/** A slot's price in its service's currency, or null when it names no service. */
export function slotPrice(slot: {
  price_cents?: number | null;
  currency?: string | null;
}): string | null {
  return slot.price_cents != null && slot.currency
    ? formatPrice(slot.price_cents, slot.currency)
    : null;
}
