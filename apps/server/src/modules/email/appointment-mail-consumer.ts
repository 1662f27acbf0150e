import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointmentEvents } from '../../db/schema';
import { cancelJobsByKey, type EnqueueOptions, enqueueJobs } from '../../jobs/job-queue';
import type { AppointmentChange } from '../appointments/service';
import type { AppointmentChangeConsumer } from './change-consumer';
import {
  APPOINTMENT_MAIL_JOB,
  REMINDER_HOURS,
  REMINDER_JOB,
  REVIEW_REQUEST_JOB,
  type ChangeMailPayload,
  type ReminderPayload,
  type ReviewRequestPayload,
} from './job-payloads';

const HOUR = 3_600_000;

/** Pending reminders and the review request of one appointment share these keys. */
export const reminderKey = (appointmentId: string) => `appointment:${appointmentId}:reminders`;
export const reviewKey = (appointmentId: string) => `appointment:${appointmentId}:review`;

const fullName = (p: { firstName: string; lastName: string }) =>
  p.lastName && p.lastName !== '-' ? `${p.firstName} ${p.lastName}` : p.firstName;

/** SEQUENCE of the appointment's calendar event: 0 when booked, +1 per later change. */
async function sequenceOf(tx: DbOrTx, change: AppointmentChange): Promise<number> {
  if (change.notice.type === 'booked') return 0;
  const [row] = await tx
    .select({ n: count() })
    .from(appointmentEvents)
    .where(eq(appointmentEvents.appointmentId, change.notice.appointmentId));
  return Math.max(0, Number(row?.n ?? 1) - 1);
}

/**
 * Mail for appointment changes, as jobs enqueued in the change's own transaction: the booking
 * mail to both parties (with an .ics), reminders 24 h and 2 h before the start (only those
 * still ahead), the review request at the end. A cancel or reschedule first cancels the pending
 * reminders and review request of the appointment, so an old reminder never fires (and the
 * job itself re-checks the appointment before sending).
 */
export const appointmentMailConsumer: AppointmentChangeConsumer = {
  name: 'email',
  async inTransaction(tx, change) {
    const { notice } = change;
    const id = notice.appointmentId;
    if (notice.type !== 'booked') {
      await cancelJobsByKey(tx, reminderKey(id));
      await cancelJobsByKey(tx, reviewKey(id));
    }
    const sequence = await sequenceOf(tx, change);
    const providerName = fullName(notice.provider);
    const clientName = fullName(notice.client);
    const base = {
      appointmentId: id,
      type: notice.type,
      actorRole: notice.actor.role,
      sequence,
      serviceType: notice.serviceType,
      startsAt: notice.startsAt.toISOString(),
      endsAt: notice.endsAt.toISOString(),
      previousStartsAt: notice.previous?.startsAt.toISOString() ?? null,
      previousEndsAt: notice.previous?.endsAt.toISOString() ?? null,
      providerName,
      clientName,
    };
    const list: EnqueueOptions[] = (['client', 'provider'] as const).map((role) => ({
      kind: APPOINTMENT_MAIL_JOB,
      payload: {
        ...base,
        recipientRole: role,
        recipientUserId: role === 'client' ? notice.client.userId : notice.provider.userId,
      } satisfies ChangeMailPayload,
    }));
    if (notice.type !== 'canceled') {
      const now = Date.now();
      for (const hours of REMINDER_HOURS) {
        const runAt = new Date(notice.startsAt.getTime() - hours * HOUR);
        // Booked (or moved) closer to the start than this reminder: it would be pointless.
        if (runAt.getTime() <= now) continue;
        for (const role of ['client', 'provider'] as const) {
          list.push({
            kind: REMINDER_JOB,
            key: reminderKey(id),
            runAt,
            payload: {
              appointmentId: id,
              hoursBefore: hours,
              startsAt: base.startsAt,
              recipientRole: role,
              recipientUserId: role === 'client' ? notice.client.userId : notice.provider.userId,
            } satisfies ReminderPayload,
          });
        }
      }
      list.push({
        kind: REVIEW_REQUEST_JOB,
        key: reviewKey(id),
        runAt: notice.endsAt,
        payload: {
          appointmentId: id,
          endsAt: base.endsAt,
          recipientUserId: notice.client.userId,
        } satisfies ReviewRequestPayload,
      });
    }
    await enqueueJobs(tx, list);
  },
};
