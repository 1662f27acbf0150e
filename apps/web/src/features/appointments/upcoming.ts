import type { ClientAppointment } from '@slotwise/shared/appointments-schemas';

/**
 * Booked and not over (the server's own definition, docs/product.md §14.4): what the client
 * home's first card and the Upcoming tab hold.
 */
export function isUpcoming(appointment: ClientAppointment, now: number = Date.now()): boolean {
  return appointment.status === 'booked' && Date.parse(appointment.ends_at) > now;
}

/**
 * The Upcoming tab also holds a time still waiting for its payment (docs/product.md §16), so
 * that "Pay now" is where the client looks.
 */
export function inUpcomingTab(appointment: ClientAppointment, now: number = Date.now()): boolean {
  return (
    isUpcoming(appointment, now) ||
    (appointment.status === 'pending_payment' && Date.parse(appointment.ends_at) > now)
  );
}

/** The soonest upcoming appointment, or null. */
export function nextAppointment(
  appointments: readonly ClientAppointment[],
  now: number = Date.now(),
): ClientAppointment | null {
  let next: ClientAppointment | null = null;
  for (const appointment of appointments) {
    if (!isUpcoming(appointment, now)) continue;
    if (!next || Date.parse(appointment.starts_at) < Date.parse(next.starts_at)) next = appointment;
  }
  return next;
}

/** The Upcoming and Past tabs of the client's appointments (`?tab=past`). */
export type AppointmentTab = 'upcoming' | 'past';

export function tabFrom(params: URLSearchParams): AppointmentTab {
  return params.get('tab') === 'past' ? 'past' : 'upcoming';
}
