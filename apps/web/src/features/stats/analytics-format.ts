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
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
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
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** 42.5 → '42.5%'. */
export function formatPercent(value: number): string {
  return `${formatNumber(value)}%`;
}

/** '1 booking', '3 bookings'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
