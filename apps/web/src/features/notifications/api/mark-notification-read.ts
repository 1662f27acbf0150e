import type { MessageResponse } from '@slotwise/shared/accounts-types';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { NotificationPageResponse } from './get-notifications';
import { isLiveNotificationId, type UnreadNotificationsResponse } from './get-unread-notifications';

/** PATCH /notifications/{id}/read (docs/product.md §7). */
export async function markNotificationRead(id: string): Promise<MessageResponse | null> {
  // A live stand-in has no server id yet; its stored copy arrives with the next refetch.
  if (isLiveNotificationId(id)) return null;
  return apiPatch<MessageResponse>(`/notifications/${encodeURIComponent(id)}/read`);
}

/** Snapshot of the notification caches, to put back when a mark-read fails. */
export type NotificationCacheSnapshot = [readonly unknown[], unknown][];

/**
 * Applies a read change to every cached notification list at once (the bell's unread list and
 * the pages), returning what was there before.
 */
export async function markReadInCache(
  queryClient: QueryClient,
  ids: ReadonlySet<string> | 'all',
): Promise<NotificationCacheSnapshot> {
  await queryClient.cancelQueries({ queryKey: queryKeys.notifications });
  const snapshot = queryClient.getQueriesData({ queryKey: queryKeys.notifications });
  const hit = (id: string) => ids === 'all' || ids.has(id);

  queryClient.setQueryData<UnreadNotificationsResponse>(queryKeys.unreadNotifications, (old) => {
    if (!old) return old;
    const remaining = old.unreadNotifications.filter((item) => !hit(item.id));
    const removed = old.unreadNotifications.length - remaining.length;
    return {
      unreadNotifications: remaining,
      unreadCount: ids === 'all' ? 0 : Math.max(0, old.unreadCount - removed),
    };
  });
  queryClient.setQueriesData<NotificationPageResponse>(
    { queryKey: [...queryKeys.notifications, 'page'] },
    (old) =>
      old && {
        ...old,
        notifications: old.notifications.map((item) =>
          hit(item.id) ? { ...item, read: true, is_read: true } : item,
        ),
      },
  );
  return snapshot;
}

export function restoreCache(queryClient: QueryClient, snapshot: NotificationCacheSnapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/**
 * Marks notifications read (one, or several the user has seen, in parallel), optimistically: the
 * badge and lists change at once, and go back if the server refuses (the failure itself is
 * logged only, docs/product.md §8).
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string | readonly string[]) =>
      Promise.all((typeof ids === 'string' ? [ids] : ids).map(markNotificationRead)),
    onMutate: (ids) => markReadInCache(queryClient, new Set(typeof ids === 'string' ? [ids] : ids)),
    onError: (_error, _ids, snapshot) => {
      if (snapshot) restoreCache(queryClient, snapshot);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
