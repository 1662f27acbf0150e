import { calendarDayFormatter } from '../../lib/calendar-day-format';

/** '2025-03-09' → 'Mar 9' (a calendar date: no zone conversion). */
export const formatDay = calendarDayFormatter({ month: 'short', day: 'numeric' });

/** '2025-03-09' → 'Sun, Mar 9'. */
export const formatLongDay = calendarDayFormatter({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});

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
  return `${String(hour).padStart(2, '0')}:00`;
}

/** 150 → '2 h 30 min', 45 → '45 min', 120 → '2 h', 0 → '0 min'. */
export function formatMinutes(minutes: number): string {
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const percentFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

/** 42.5 → '42.5%'. */
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)}%`;
}

/** '1 booking', '3 bookings'. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
