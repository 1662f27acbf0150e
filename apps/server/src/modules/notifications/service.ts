import type { NotificationType } from '@slotwise/shared/enums';
import type { NotificationItem } from '@slotwise/shared/realtime';
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import { NotFoundError } from '../../errors';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  appointmentId: string | null;
}

/** Called inside the transaction of the change it reports, so neither exists without the other. */
export async function createNotification(
  db: DbOrTx,
  notification: NewNotification,
): Promise<string> {
  const [row] = await db
    .insert(notifications)
    .values(notification)
    .returning({ id: notifications.id });
  return row!.id;
}

const columns = {
  id: notifications.id,
  type: notifications.type,
  title: notifications.title,
  message: notifications.message,
  appointmentId: notifications.appointmentId,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
};

function toItem(row: {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  appointmentId: string | null;
  isRead: boolean;
  createdAt: Date;
}): NotificationItem {
  const at = row.createdAt.toISOString();
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    appointmentId: row.appointmentId,
    read: row.isRead,
    is_read: row.isRead,
    created_at: at,
    time: at,
  };
}

/** Newest first; capped so a years-old backlog cannot make the bell slow. */
export async function listUnread(
  db: DbOrTx,
  userId: string,
  limit = 50,
): Promise<NotificationItem[]> {
  const rows = await db
    .select(columns)
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map(toItem);
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

export async function listAll(
  db: DbOrTx,
  userId: string,
  page: number,
  pageSize: number,
): Promise<{ notifications: NotificationItem[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
  ]);
  return { notifications: rows.map(toItem), total: total?.n ?? 0 };
}

/** Only the caller's own notification; anyone else's is "not found". */
export async function markRead(db: DbOrTx, userId: string, id: string): Promise<void> {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw new NotFoundError('Notification not found');
}

export async function markAllRead(db: DbOrTx, userId: string): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return updated.length;
}
