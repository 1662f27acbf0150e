import { EMAIL_LINK_PATHS } from '@slotwise/shared/email-schemas';
import type { AppointmentChange } from '../appointments/change';
import type { AppointmentChangeConsumer } from '../appointments/change-fanout';
import { queuePushes } from './push-queue';

/**
 * An appointment change pushed to the other party (docs/product.md §20.2): a booking to the
 * provider (the client's own confirmation is not pushed), a cancel or a reschedule to whoever
 * did not make it — the words of the stored notification (`change.told`). Queued in the
 * change's transaction; once committed, `runNow` delivers the jobs on this instance at once
 * (the worker's poll would take up to JOBS_POLL_INTERVAL_MS); a job this instance does not get
 * to stays queued for any worker.
 */
export const WEB_PUSH_CONSUMER = 'web-push';

export function webPushConsumer(runNow: (jobIds: string[]) => void): AppointmentChangeConsumer {
  const queued = new WeakMap<AppointmentChange, string[]>();
  return {
    name: WEB_PUSH_CONSUMER,
    async inTransaction(tx, change) {
      // A seat held for its payment tells nobody until paid (docs/decisions/068-payments.md).
      if (change.held) return;
      const { notice, told } = change;
      if (notice.type === 'booked' && told.userId !== notice.provider.userId) return;
      const toProvider = told.userId === notice.provider.userId;
      const ids = await queuePushes(tx, notice.type === 'booked' ? 'booking' : 'change', [
        {
          userId: told.userId,
          title: told.title,
          body: told.message,
          url: toProvider
            ? EMAIL_LINK_PATHS.providerAppointments
            : EMAIL_LINK_PATHS.clientAppointments,
          tag: `appointment:${notice.appointmentId}`,
        },
      ]);
      if (ids.length > 0) queued.set(change, [...(queued.get(change) ?? []), ...ids]);
    },
    afterCommit(change) {
      const ids = queued.get(change);
      if (!ids) return;
      queued.delete(change);
      runNow(ids);
    },
  };
}
