import type { NotificationItem } from '@slotwise/shared/realtime';
import { type QueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

export interface UnreadNotificationsResponse {
  /** Newest first (the server sends at most 50). */
  unreadNotifications: NotificationItem[];
  /** Every unread notification, also those beyond the list. */
  unreadCount: number;
}

/** GET /notifications/unread (docs/product.md §7). */
export function fetchUnreadNotifications(
  signal?: AbortSignal,
): Promise<UnreadNotificationsResponse> {
  return apiGet<UnreadNotificationsResponse>('/notifications/unread', { signal });
}

/** The bell's data. A failure is logged only (docs/product.md §8): the bell then shows nothing unread. */
export function useUnreadNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useFetcherQuery(queryKeys.unreadNotifications, fetchUnreadNotifications, { enabled });
}

/** Prefix of the ids of notifications shown before the server's copy has been fetched. */
export const LIVE_ID_PREFIX = 'live:';

export function isLiveNotificationId(id: string): boolean {
  return id.startsWith(LIVE_ID_PREFIX);
}

/**
 * A live notification (socket event) goes on top of the unread list and raises the count by
 * one at once (docs/product.md §4); the caller then invalidates the notification keys so the server's
 * stored copy replaces this stand-in.
 */
export function insertLiveNotification(
  queryClient: QueryClient,
  notification: Pick<NotificationItem, 'type' | 'title' | 'message' | 'appointmentId'>,
  now: Date = new Date(),
): void {
  const at = now.toISOString();
  const item: NotificationItem = {
    ...notification,
    id: `${LIVE_ID_PREFIX}${notification.appointmentId ?? ''}:${now.getTime()}`,
    read: false,
    is_read: false,
    created_at: at,
    time: at,
  };
  queryClient.setQueryData<UnreadNotificationsResponse>(queryKeys.unreadNotifications, (old) =>
    old
      ? {
          unreadNotifications: [item, ...old.unreadNotifications],
          unreadCount: old.unreadCount + 1,
        }
      : old,
  );
}
