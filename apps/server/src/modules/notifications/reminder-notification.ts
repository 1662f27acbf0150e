import type { Locale } from '@slotwise/shared/locales';
import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import { translate } from '../../lib/i18n';

export interface ReminderNotification {
  userId: string;
  appointmentId: string;
  hoursBefore: number;
  /** 'Haircut with Pia Barber' (client) / 'Haircut for Eve Lee' (provider), in `locale`. */
  what: string;
  /** The recipient's language (docs/product.md §21.1): the row is stored worded in it. */
  locale?: Locale | null;
}

/** The stored reminder's title: the same words as the reminder mail's subject. */
export const reminderTitle = (what: string, hoursBefore: number, locale?: Locale | null) =>
  translate(locale, 'Reminder: {{what}} in {{hours}} hours', { what, hours: hoursBefore });

/** The stored reminder's text (and its push's body). */
export const reminderMessage = (what: string, hoursBefore: number, locale?: Locale | null) =>
  translate(locale, 'Your appointment {{what}} starts in {{hours}} hours.', {
    what,
    hours: hoursBefore,
  });

/**
 * Stores the 24 h or 2 h reminder as a notification of type 'reminder' (docs/product.md §14.4),
 * once: a retried reminder job (say its mail failed) finds the row of its first run and adds
 * none. Returns whether a row was written.
 */
export async function storeReminderNotification(
  db: DbOrTx,
  reminder: ReminderNotification,
): Promise<boolean> {
  const title = reminderTitle(reminder.what, reminder.hoursBefore, reminder.locale);
  const existing = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, reminder.userId),
        eq(notifications.appointmentId, reminder.appointmentId),
        eq(notifications.type, 'reminder'),
        or(
          sql`${notifications.title} like ${`Reminder: % in ${reminder.hoursBefore} hours`}`,
          eq(notifications.title, title),
        ),
      ),
    )
    .limit(1);
  if (existing.length > 0) return false;
  await db.insert(notifications).values({
    userId: reminder.userId,
    type: 'reminder',
    title,
    message: reminderMessage(reminder.what, reminder.hoursBefore, reminder.locale),
    appointmentId: reminder.appointmentId,
  });
  return true;
}
