import type {
  NotificationPreferences,
  NotificationPreferencesPatch,
} from '@slotwise/shared/email-schemas';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences, users } from '../../db/schema';
import { firstOr } from '../../lib/first-row';

const DEFAULTS: NotificationPreferences = { emailReminders: true, emailBookingUpdates: true };

/** A user's mail preferences (both on until changed). */
export async function getPreferences(db: DbOrTx, userId: string): Promise<NotificationPreferences> {
  const { emailReminders, emailBookingUpdates } = notificationPreferences;
  return firstOr(
    db
      .select({ emailReminders, emailBookingUpdates })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId)),
    DEFAULTS,
  );
}

export async function updatePreferences(
  db: DbOrTx,
  userId: string,
  patch: NotificationPreferencesPatch,
): Promise<NotificationPreferences> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...DEFAULTS, ...patch })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...patch, updatedAt: sql`now()` },
    })
    .returning({
      emailReminders: notificationPreferences.emailReminders,
      emailBookingUpdates: notificationPreferences.emailBookingUpdates,
    });
  return row!;
}

const COLUMNS = {
  emailReminders: notificationPreferences.emailReminders,
  emailBookingUpdates: notificationPreferences.emailBookingUpdates,
} as const;

/**
 * Turns one preference off (a one-click unsubscribe). One statement that writes nothing when
 * the account is gone; returns whether the account exists. Idempotent.
 */
export async function turnPreferenceOff(
  db: DbOrTx,
  userId: string,
  preference: keyof NotificationPreferences,
): Promise<boolean> {
  const rows = await db
    .insert(notificationPreferences)
    .select(
      db
        .select({
          userId: users.id,
          // Literals, not parameters: a bare parameter in a select list would be typed text.
          emailReminders: sql<boolean>`${sql.raw(String(preference !== 'emailReminders'))}`.as(
            'email_reminders',
          ),
          emailBookingUpdates:
            sql<boolean>`${sql.raw(String(preference !== 'emailBookingUpdates'))}`.as(
              'email_booking_updates',
            ),
          updatedAt: sql<Date>`now()`.as('updated_at'),
        })
        .from(users)
        .where(eq(users.id, userId)),
    )
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { [preference]: false, updatedAt: sql`now()` },
    })
    .returning({ off: COLUMNS[preference] });
  return rows.length > 0;
}
