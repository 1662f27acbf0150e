import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';

export interface ReminderNotification {
  userId: string;
  appointmentId: string;
  hoursBefore: number;
  /** 'Haircut with Pia Barber' (client) / 'Haircut for Eve Lee' (provider). */
  what: string;
}

/** The stored reminder's title: the same words as the reminder mail's subject. */
export const reminderTitle = (what: string, hoursBefore: number) =>
  `Reminder: ${what} in ${hoursBefore} hours`;

/** The stored reminder's text (and its push's body). */
export const reminderMessage = (what: string, hoursBefore: number) =>
  `Your appointment ${what} starts in ${hoursBefore} hours.`;

/**
 * Stores the 24 h or 2 h reminder as a notification of type 'reminder' (docs/product.md §14.4),
 * once: a retried reminder job (say its mail failed) finds the row of its first run and adds
 * none. Returns whether a row was written.
 */
export async function storeReminderNotification(
  db: DbOrTx,
  reminder: ReminderNotification,
): Promise<boolean> {
  const title = reminderTitle(reminder.what, reminder.hoursBefore);
  const existing = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, reminder.userId),
        eq(notifications.appointmentId, reminder.appointmentId),
        eq(notifications.type, 'reminder'),
        sql`${notifications.title} like ${`Reminder: % in ${reminder.hoursBefore} hours`}`,
      ),
    )
    .limit(1);
  if (existing.length > 0) return false;
  await db.insert(notifications).values({
    userId: reminder.userId,
    type: 'reminder',
    title,
    message: reminderMessage(reminder.what, reminder.hoursBefore),
    appointmentId: reminder.appointmentId,
  });
  return true;
}
