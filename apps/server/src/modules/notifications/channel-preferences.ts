import {
  type ChannelMatrix,
  type ChannelMatrixPatch,
  DEFAULT_CHANNELS,
  NOTIFY_CHANNELS,
  NOTIFY_EVENTS,
  type NotifyChannel,
  type NotifyEvent,
} from '@slotwise/shared/phones-schemas';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences } from '../../db/schema';

/**
 * The event × channel matrix (docs/product.md §20.4, docs/decisions/073-phones.md). SPEC's two mail
 * settings keep their columns and are three of its cells — `emailReminders` is reminder × email,
 * `emailBookingUpdates` is booking × email and change × email together; the other cells are
 * overrides in `channels` (jsonb) over DEFAULT_CHANNELS.
 */

interface StoredPreferences {
  emailReminders: boolean;
  emailBookingUpdates: boolean;
  channels: ChannelMatrixPatch;
}

const STORED = {
  userId: notificationPreferences.userId,
  emailReminders: notificationPreferences.emailReminders,
  emailBookingUpdates: notificationPreferences.emailBookingUpdates,
  channels: notificationPreferences.channels,
};

/** The whole matrix of a stored row (or of none: the defaults). */
export function matrixOf(row: StoredPreferences | undefined): ChannelMatrix {
  const matrix = structuredClone(DEFAULT_CHANNELS);
  if (!row) return matrix;
  for (const event of NOTIFY_EVENTS) Object.assign(matrix[event], row.channels[event] ?? {});
  matrix.reminder.email = row.emailReminders;
  matrix.booking.email = row.emailBookingUpdates;
  matrix.change.email = row.emailBookingUpdates;
  return matrix;
}

export async function readChannels(db: DbOrTx, userId: string): Promise<ChannelMatrix> {
  const [row] = await db
    .select(STORED)
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return matrixOf(row);
}

/** Of these users, those who want `event` by `channel` (one query for a whole fan-out). */
export async function usersWanting(
  db: DbOrTx,
  userIds: readonly string[],
  event: NotifyEvent,
  channel: NotifyChannel,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select(STORED)
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...userIds]));
  const stored = new Map(rows.map((row) => [row.userId, row]));
  return new Set(userIds.filter((id) => matrixOf(stored.get(id))[event][channel]));
}

export interface PreferencesPatch {
  emailReminders?: boolean;
  emailBookingUpdates?: boolean;
  channels?: ChannelMatrixPatch;
}

/**
 * Applies a patch (SPEC's fields and/or matrix cells) in one transaction and returns the
 * matrix. A mail cell of a SPEC setting writes its column: booking × email and change × email
 * move together.
 */
export async function writeChannels(
  db: DbOrTx,
  userId: string,
  patch: PreferencesPatch,
): Promise<ChannelMatrix> {
  return db.transaction(async (tx) => {
    await tx.insert(notificationPreferences).values({ userId }).onConflictDoNothing();
    const [row] = await tx
      .select(STORED)
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId))
      .for('update');
    const next = matrixOf(row);
    for (const event of NOTIFY_EVENTS) {
      for (const channel of NOTIFY_CHANNELS) {
        const value = patch.channels?.[event]?.[channel];
        if (value !== undefined) next[event][channel] = value;
      }
    }
    const emailBookingUpdates =
      patch.emailBookingUpdates ??
      patch.channels?.booking?.email ??
      patch.channels?.change?.email ??
      row!.emailBookingUpdates;
    next.booking.email = emailBookingUpdates;
    next.change.email = emailBookingUpdates;
    next.reminder.email = patch.emailReminders ?? next.reminder.email;
    const overrides: ChannelMatrixPatch = {};
    for (const event of NOTIFY_EVENTS) {
      const cells: Partial<Record<NotifyChannel, boolean>> = {};
      for (const channel of NOTIFY_CHANNELS) {
        const specCell = channel === 'email' && event !== 'waitlist' && event !== 'message';
        if (!specCell && next[event][channel] !== DEFAULT_CHANNELS[event][channel]) {
          cells[channel] = next[event][channel];
        }
      }
      if (Object.keys(cells).length > 0) overrides[event] = cells;
    }
    await tx
      .update(notificationPreferences)
      .set({
        emailReminders: next.reminder.email,
        emailBookingUpdates,
        channels: overrides,
        updatedAt: sql`now()`,
      })
      .where(eq(notificationPreferences.userId, userId));
    return next;
  });
}
