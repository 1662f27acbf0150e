import type { ProviderAppointment } from '@slotwise/shared/appointments-schemas';
import { localDateKey } from '../../lib/date-time-format';

/** Today's date `YYYY-MM-DD` in the browser's own zone (docs/product.md §9: compared by local date). */
export function localToday(now: Date = new Date()): string {
  return localDateKey(now);
}

/**
 * docs/product.md §4: the dashboard lists the appointments with status booked whose day is today by the
 * browser's local date, earliest first. The 'Today's Appointments' card counts this same list
 * (docs/product.md §14.3), so the two always agree.
 */
export function todaysAppointments(
  appointments: readonly ProviderAppointment[],
  today: string = localToday(),
): ProviderAppointment[] {
  return appointments
    .filter((appointment) => appointment.status === 'booked' && appointment.day === today)
    .sort((a, b) => a.start_time.localeCompare(b.start_time));
}

/** 'HH:MM' of the browser's clock at `now`. */
function localTime(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/**
 * The "Next up" appointment (docs/product.md §14.3): the earliest still booked one that has not
 * ended yet (today's by the browser's clock, like the list), or null.
 */
export function nextUp(
  appointments: readonly ProviderAppointment[],
  now: Date = new Date(),
): ProviderAppointment | null {
  const today = localToday(now);
  const time = localTime(now);
  const coming = appointments
    .filter(
      (a) =>
        a.status === 'booked' &&
        (a.day > today || (a.day === today && a.end_time.slice(0, 5) > time)),
    )
    .sort((a, b) =>
      a.day === b.day ? a.start_time.localeCompare(b.start_time) : a.day.localeCompare(b.day),
    );
  return coming[0] ?? null;
}
