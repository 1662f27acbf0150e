import { count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appointmentEvents } from '../../db/schema';
import { cancelJobsByKey, enqueueJobs } from '../../jobs/job-queue';
import type { AppointmentChange } from '../appointments/change';
import { MAIL_CONSUMER, type AppointmentChangeConsumer } from '../appointments/change-fanout';
import { mailJobsFor, reminderKey, reviewKey } from '../appointments/change-jobs';

const MAILED_CHANGES: readonly string[] = ['booked', 'canceled', 'rescheduled'];

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
 * Mail for appointment changes, as jobs enqueued in the change's own transaction. A cancel or
 * reschedule first cancels the pending reminders and review request of the appointment, so an
 * old reminder never fires (and the job itself re-checks the appointment before sending).
 *
 * The jobs themselves are the appointments module's `mailJobsFor` (change-jobs.ts). The booking
 * is one statement (docs/decisions/029-no-double-booking.md): there the appointments module
 * inserts `mailJobsFor(change, 0)` inside that statement instead of calling this.
 */
export const appointmentMailConsumer: AppointmentChangeConsumer = {
  name: MAIL_CONSUMER,
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
