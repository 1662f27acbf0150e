import type { Translate } from '@slotwise/shared/english-text';
import type { Timeslot } from '@slotwise/shared/availability-slot-schemas';
import {
  formatDate,
  formatTimeRange as formatTimes,
  formatMoney,
} from '../../lib/date-time-format';

/** 'Fri, Jun 14' ('Fri, Jun 14, 2030' in another year): the shared day format (§14.5). */
export function formatDay(day: string): string {
  return formatDate(day);
}

/** '09:00–09:30': a slot's times in the shared format (docs/product.md §14.5). */
export function formatTimeRange(slot: Pick<Timeslot, 'start_time' | 'end_time'>): string {
  return formatTimes(slot.start_time, slot.end_time);
}

/** Sorted by date, then start time. */
export function sortSlots(slots: readonly Timeslot[]): Timeslot[] {
  return [...slots].sort((a, b) =>
    a.day === b.day ? a.start_time.localeCompare(b.start_time) : a.day.localeCompare(b.day),
  );
}

/** 'Haircut (45 min, $35.00)': a service as the slot form offers it. */
export function serviceOptionLabel(
  service: { name: string; duration_minutes: number; price_cents: number; currency: string },
  t: Translate,
): string {
  return t('{{name}} ({{minutes}} min, {{price}})', {
    name: service.name,
    minutes: service.duration_minutes,
    price: formatMoney(service.price_cents, service.currency),
  });
}

/** A slot's price in its service's currency, or null when it names no service. */
export function slotPrice(slot: {
  price_cents?: number | null;
  currency?: string | null;
}): string | null {
  return slot.price_cents != null && slot.currency
    ? formatMoney(slot.price_cents, slot.currency)
    : null;
}
