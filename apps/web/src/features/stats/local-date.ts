import type { ProviderAppointment } from '@slotwise/shared/appointments-schemas';

/** Today's date `YYYY-MM-DD` in the browser's own zone (docs/product.md §9: compared by local date). */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** 'HH:MM:SS' → 'HH:MM'. */
export function shortTime(time: string): string {
  return time.slice(0, 5);
}

/**
 * docs/product.md §4: the dashboard lists the appointments with status booked whose day is today by the
 * browser's local date, earliest first.
 */
export function todaysAppointments(
  appointments: readonly ProviderAppointment[],
  today: string = localToday(),
): ProviderAppointment[] {
  return appointments
    .filter((appointment) => appointment.status === 'booked' && appointment.day === today)
    .sort((a, b) => a.start_time.localeCompare(b.start_time));
}
