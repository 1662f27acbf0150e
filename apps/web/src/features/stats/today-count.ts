import type { ProviderAppointment } from '@slotwise/shared/appointments-schemas';
import { localToday } from './local-date';

/**
 * The 'Today's Appointments' card counts today's appointments that were not canceled (booked or
 * completed), while the list under it shows only those still booked (the product's rule, see
 * docs/product.md). These say so, so the two never seem to contradict each other.
 */
export const TODAY_COUNT_CAPTION = 'Booked or completed today';

/** Today's completed appointments (by the browser's local date, like the list). */
export function completedToday(
  appointments: readonly ProviderAppointment[],
  today: string = localToday(),
): number {
  return appointments.filter((a) => a.status === 'completed' && a.day === today).length;
}

/** Why the list is empty although the card counts some; undefined when nothing needs saying. */
export function todayEmptyNote(
  count: number,
  listed: number,
  completed: number,
): string | undefined {
  if (listed > 0 || count === 0) return undefined;
  if (completed > 0) {
    return `${completed} ${completed === 1 ? 'appointment was' : 'appointments were'} completed earlier today.`;
  }
  return `${count} counted today ${count === 1 ? 'is' : 'are'} no longer booked.`;
}
