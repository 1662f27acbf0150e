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

/**
 * The "Next up" appointment (docs/product.md §14.3): the earliest booked one that has not ended
 * yet, judged by its instants (`starts_at`/`ends_at`), so a browser on another clock than the
 * provider's still picks the right one; or null.
 */
export function nextUp(
  appointments: readonly ProviderAppointment[],
  now: Date = new Date(),
): ProviderAppointment | null {
  let next: ProviderAppointment | null = null;
  for (const appointment of appointments) {
    if (appointment.status !== 'booked' || Date.parse(appointment.ends_at) <= now.getTime())
      continue;
    if (!next || Date.parse(appointment.starts_at) < Date.parse(next.starts_at)) next = appointment;
  }
  return next;
}
