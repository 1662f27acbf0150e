import type { EnqueueOptions } from '../../jobs/job-queue';
import {
  APPOINTMENT_MAIL_JOB,
  REMINDER_HOURS,
  REMINDER_JOB,
  REVIEW_REQUEST_JOB,
  type ChangeMailPayload,
  type ReminderPayload,
  type ReviewRequestPayload,
} from '../../jobs/job-payloads';
import type { AppointmentChange } from './change';

/**
 * The jobs an appointment change schedules (docs/decisions/044): mail to both parties,
 * reminders and the review request. The email module's consumer enqueues them for a cancel or
 * a reschedule; the booking statement (booking-claim.ts) inserts them. The email module runs them.
 */

const HOUR = 3_600_000;

/** Pending reminders and the review request of one appointment share these keys. */
export const reminderKey = (appointmentId: string) => `appointment:${appointmentId}:reminders`;
export const reviewKey = (appointmentId: string) => `appointment:${appointmentId}:review`;

const fullName = (p: { firstName: string; lastName: string }) =>
  p.lastName && p.lastName !== '-' ? `${p.firstName} ${p.lastName}` : p.firstName;

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
