import type { FastifyInstance } from 'fastify';
import { appointmentMailConsumer } from '../email/appointment-mail-consumer';
import { storedNotificationConsumer } from '../notifications/appointment-change-consumer';
import type { AppointmentChange } from './change';
import type { AppointmentChangeConsumer } from './change-fanout';

/**
 * After commit: tell the other party over their socket room (the stored notification was
 * written in the change's own transaction, so an offline user still finds it), and update
 * everyone watching the provider's page. The text is `change.told`, built once.
 */
function socketConsumer(app: FastifyInstance): AppointmentChangeConsumer {
  return {
    name: 'socket-events',
    afterCommit(change: AppointmentChange) {
      const { notice, told } = change;
      const { userId, message } = told;
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
    },
  };
}

function metricsConsumer(app: FastifyInstance): AppointmentChangeConsumer {
  return {
    name: 'metrics',
    afterCommit(change) {
      app.metrics.bookingChange(change.notice.type);
    },
  };
}

/**
 * Everything an appointment change fans out to, in order. Add a new consumer here (see
 * change-fanout.ts). The `appointment_events` row is not a consumer: it is the change's own
 * record, written by the command's SQL (the stats module reads it).
 */
export function appointmentChangeConsumers(app: FastifyInstance): AppointmentChangeConsumer[] {
  return [
    storedNotificationConsumer,
    appointmentMailConsumer,
    socketConsumer(app),
    metricsConsumer(app),
  ];
}
