import type { FastifyInstance } from 'fastify';
import { notificationFor } from '../notifications/appointment-notice';
import type { AppointmentChange } from './service';

/**
 * After a booking change has COMMITTED: tell the other party over their socket room (the
 * stored notification was written in the change's own transaction, so an offline user still
 * finds it), update everyone watching the provider's page, and count it.
 */
export function announceChange(app: FastifyInstance, change: AppointmentChange): void {
  const { notice } = change;
  const { userId, message } = notificationFor(notice);
  const by = notice.actor.role;
  const appointmentId = notice.appointmentId;
  if (notice.type === 'booked') {
    app.realtime.toUser(userId, 'new_appointment', { message, appointmentId });
  } else if (notice.type === 'canceled') {
    app.realtime.toUser(userId, 'appointment_canceled', { message, by, appointmentId });
  } else {
    app.realtime.toUser(userId, 'appointment_rescheduled', { message, by, appointmentId });
  }
  if (change.slots.taken.length > 0 || change.slots.freed.length > 0) {
    app.realtime.slotsChanged({ providerId: notice.provider.providerId, ...change.slots });
  }
  app.metrics.bookingChange(notice.type);
}
