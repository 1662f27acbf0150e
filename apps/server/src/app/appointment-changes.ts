import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppointmentChange } from '../modules/appointments/change';
import {
  type AppointmentChangeConsumer,
  AppointmentChanges,
  STORED_NOTIFICATION_CONSUMER,
} from '../modules/appointments/change-fanout';
import { appointmentMailConsumer } from '../modules/email/appointment-mail-consumer';
import { createNotification } from '../modules/notifications/service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where every appointment change fans out to its consumers (appointments/change-fanout.ts). */
    appointmentChanges: AppointmentChanges;
  }
}

/**
 * The other party's stored notification of an appointment change, committed with the change
 * itself (its text is `change.told`, built once by the appointments module).
 */
const storedNotificationConsumer: AppointmentChangeConsumer = {
  name: STORED_NOTIFICATION_CONSUMER,
  async inTransaction(tx, change) {
    await createNotification(tx, change.told);
  },
};

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
      // A seat held for its payment, or released unpaid, tells nobody: only the slot changed
      // for others (the booking is told when paid, docs/decisions/068-payments.md).
      if (change.held) {
        if (change.slots.taken.length > 0 || change.slots.freed.length > 0) {
          app.realtime.slotsChanged({ providerId: notice.provider.providerId, ...change.slots });
        }
        return;
      }
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
      if (!change.held) app.metrics.bookingChange(change.notice.type);
    },
  };
}

/**
 * Slots freed by this instance leave its taken-slot hints before it answers
 * (push/taken-slot-hints.ts).
 */
function takenSlotsConsumer(app: FastifyInstance): AppointmentChangeConsumer {
  return {
    name: 'taken-slot-hints',
    afterCommit: (change) => {
      for (const slotId of change.slots.freed) app.takenSlots.forget(slotId);
    },
  };
}

/**
 * A claimed slot (booking, reschedule) drops its provider's cached answers here and on every
 * other instance before the answer leaves (push/provider-window-cache.ts).
 */
function windowCacheConsumer(app: FastifyInstance): AppointmentChangeConsumer {
  return {
    name: 'provider-window-cache',
    afterCommit: async (change) => {
      if (change.slots.taken.length === 0) return;
      await app.windowCache.claimed(change.notice.provider.providerId);
    },
  };
}

/**
 * THE list of everything an appointment change fans out to, in order (see
 * modules/appointments/change-fanout.ts): the appointments module imports none of them. The
 * `appointment_events` row is not a consumer: it is the change's own record, written by the
 * command's SQL (the stats module reads it).
 */
export const appointmentChangesPlugin = fp(
  async (app) => {
    const consumers = [
      storedNotificationConsumer,
      appointmentMailConsumer,
      socketConsumer(app),
      metricsConsumer(app),
      takenSlotsConsumer(app),
      windowCacheConsumer(app),
    ];
    app.decorate('appointmentChanges', new AppointmentChanges(consumers, app.log));
  },
  { name: 'appointment-changes', dependencies: ['metrics', 'push'] },
);
