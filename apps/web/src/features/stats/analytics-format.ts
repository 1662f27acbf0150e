import { msg } from '@slotwise/shared/locales';
import { translate } from '../../lib/i18n';
import { formatDate, formatNumber, formatShortDate, formatTime } from '../../lib/date-time-format';

/** '2025-03-09' → 'Mar 9' (a calendar date: no zone conversion; docs/product.md §14.5). */
export function formatDay(day: string): string {
  return formatShortDate(day);
}

/** '2025-03-09' → 'Sun, Mar 9' (the year added outside the current one). */
export function formatLongDay(day: string): string {
  return formatDate(day);
}

/** 0 = Monday … 6 = Sunday (as GET /stats/analytics counts them). */
export const WEEKDAY_NAMES = [
  msg('Monday'),
  msg('Tuesday'),
  msg('Wednesday'),
  msg('Thursday'),
  msg('Friday'),
  msg('Saturday'),
  msg('Sunday'),
] as const;

/** The charts' short weekday labels, in the same order. */
export const WEEKDAY_SHORT_NAMES = [
  msg('Mon'),
  msg('Tue'),
  msg('Wed'),
  msg('Thu'),
  msg('Fri'),
  msg('Sat'),
  msg('Sun'),
] as const;

/** 9 → '09:00'. */
export function formatHour(hour: number): string {
  return formatTime(`${String(hour).padStart(2, '0')}:00`);
}

/** 150 → '2 h 30 min', 45 → '45 min', 120 → '2 h', 0 → '0 min'. */
export function formatMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return translate('{{minutes}} min', { minutes: rest });
  return rest === 0
    ? translate('{{hours}} h', { hours })
    : translate('{{hours}} h {{minutes}} min', { hours, minutes: rest });
}

/** 42.5 → '42.5%'. */
export function formatPercent(value: number): string {
  return `${formatNumber(value)}%`;
}

/** What the summaries count: '1 booking', '3 bookings' (counted keys, English forms in en). */
export const COUNTED = {
  booking: msg('{{count}} bookings'),
  cancellation: msg('{{count}} cancellations'),
  appointment: msg('{{count}} appointments'),
} as const;

/** '1 booking', '3 bookings', in the screen's language. */
export function plural(count: number, what: keyof typeof COUNTED): string {
  return translate(COUNTED[what], { count });
}
