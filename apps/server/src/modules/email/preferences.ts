import type {
  NotificationPreferences,
  NotificationPreferencesPatch,
} from '@slotwise/shared/email-schemas';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences } from '../../db/schema';

const DEFAULTS: NotificationPreferences = { emailReminders: true, emailBookingUpdates: true };

/** A user's mail preferences (both on until changed). */
export async function getPreferences(db: DbOrTx, userId: string): Promise<NotificationPreferences> {
  const [row] = await db
    .select({
      emailReminders: notificationPreferences.emailReminders,
      emailBookingUpdates: notificationPreferences.emailBookingUpdates,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return row ?? DEFAULTS;
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
