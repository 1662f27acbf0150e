import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointmentEvents } from '../../db/schema';
import { cancelJobsByKey, type EnqueueOptions, enqueueJobs } from '../../jobs/job-queue';
import type { AppointmentChange } from '../appointments/change';
import type { AppointmentChangeConsumer } from '../appointments/change-fanout';
import {
  APPOINTMENT_MAIL_JOB,
  REMINDER_HOURS,
  REMINDER_JOB,
  REVIEW_REQUEST_JOB,
  type ChangeMailPayload,
  type ReminderPayload,
  type ReviewRequestPayload,
} from '../../jobs/job-payloads';

const HOUR = 3_600_000;
const MAILED_CHANGES: readonly string[] = ['booked', 'canceled', 'rescheduled'];

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
 * The jobs a change enqueues (pure): the change mail to both parties, and for a booking or a
 * reschedule the reminders still ahead and the review request. `sequence` is the calendar
 * event's SEQUENCE (0 for a booking).
 */
export function mailJobsFor(
  change: AppointmentChange,
  sequence: number,
  now = Date.now(),
): EnqueueOptions[] {
  const { notice } = change;
  const id = notice.appointmentId;
  const userOf = (role: 'client' | 'provider') =>
    role === 'client' ? notice.client.userId : notice.provider.userId;
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
    providerName: fullName(notice.provider),
    clientName: fullName(notice.client),
  };
  const list: EnqueueOptions[] = (['client', 'provider'] as const).map((role) => ({
    kind: APPOINTMENT_MAIL_JOB,
    payload: {
      ...base,
      recipientRole: role,
      recipientUserId: userOf(role),
    } satisfies ChangeMailPayload,
  }));
  if (notice.type === 'canceled') return list;
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
          recipientUserId: userOf(role),
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
  return list;
}

/**
 * Mail for appointment changes, as jobs enqueued in the change's own transaction. A cancel or
 * reschedule first cancels the pending reminders and review request of the appointment, so an
 * old reminder never fires (and the job itself re-checks the appointment before sending).
 *
 * The booking itself is one statement (docs/decisions/029-no-double-booking.md): there the appointments
 * module inserts `mailJobsFor(change, 0)` inside that statement instead of calling this.
 */
export const appointmentMailConsumer: AppointmentChangeConsumer = {
  name: 'email',
  async inTransaction(tx, change) {
    const id = change.notice.appointmentId;
    // Other kinds of change (e.g. a no-show, later) send no mail; their review job re-checks.
    if (!MAILED_CHANGES.includes(change.notice.type)) return;
    if (change.notice.type !== 'booked') {
      await cancelJobsByKey(tx, reminderKey(id));
      await cancelJobsByKey(tx, reviewKey(id));
    }
    await enqueueJobs(tx, mailJobsFor(change, await sequenceOf(tx, change)));
  },
};
