import type { MailPreferences, NotificationPreferences } from '@slotwise/shared/email-schemas';
import {
  type ChannelMatrix,
  type ChannelMatrixPatch,
  PHONE_MESSAGES,
} from '@slotwise/shared/phones-schemas';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences, pushSubscriptions, smsOptOuts, users } from '../../db/schema';
import { ValidationError } from '../../errors';
import {
  type PreferencesPatch,
  readChannels,
  writeChannels,
} from '../notifications/channel-preferences';
import { firstOr } from '../../lib/first-row';

const DEFAULTS: MailPreferences = { emailReminders: true, emailBookingUpdates: true };

/** A user's mail preferences (both on until changed). */
export async function getPreferences(db: DbOrTx, userId: string): Promise<MailPreferences> {
  const { emailReminders, emailBookingUpdates } = notificationPreferences;
  return firstOr(
    db
      .select({ emailReminders, emailBookingUpdates })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId)),
    DEFAULTS,
  );
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
  preference: keyof MailPreferences,
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
          // Insert-from-select names every column of the table, in order.
          channels: sql<ChannelMatrixPatch>`'{}'::jsonb`.as('channels'),
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

/**
 * The answer of GET/PATCH /profile/notification-preferences (docs/product.md §20.4): SPEC's two
 * fields, the matrix they are part of, the caller's push devices and whether SMS can be on.
 */
export async function preferencesAnswer(
  db: DbOrTx,
  userId: string,
  channels?: ChannelMatrix,
): Promise<NotificationPreferences> {
  const [matrix, [reach]] = await Promise.all([
    channels ?? readChannels(db, userId),
    db
      // Spelled out with aliases: drizzle writes a column of the selected table unqualified,
      // which inside a subquery would name the subquery's own column.
      .select({
        pushDevices: sql<number>`(select count(*)::int from ${pushSubscriptions} ps
          where ps.user_id = ${userId})`,
        smsReady: sql<boolean>`(${users.phoneConfirmedAt} is not null and not exists
          (select 1 from ${smsOptOuts} oo where oo.phone = ${users.phone}))`,
      })
      .from(users)
      .where(eq(users.id, userId)),
  ]);
  return {
    emailReminders: matrix.reminder.email,
    emailBookingUpdates: matrix.booking.email,
    channels: matrix,
    push_devices: reach?.pushDevices ?? 0,
    sms_ready: reach?.smsReady ?? false,
  };
}

/** Applies a PATCH; turning SMS on needs a confirmed number that has not answered STOP (400). */
export async function updatePreferences(
  db: DbOrTx,
  userId: string,
  patch: PreferencesPatch,
): Promise<NotificationPreferences> {
  const smsOn = Object.values(patch.channels ?? {}).some((cells) => cells?.sms === true);
  if (smsOn && !(await preferencesAnswer(db, userId)).sms_ready) {
    throw ValidationError.field('channels', PHONE_MESSAGES.smsNeedsPhone);
  }
  return preferencesAnswer(db, userId, await writeChannels(db, userId, patch));
}
