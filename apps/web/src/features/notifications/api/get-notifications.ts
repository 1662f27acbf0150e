import type { NotificationItem } from '@slotwise/shared/realtime';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface NotificationPageResponse {
  /** Read and unread, newest first. */
  notifications: NotificationItem[];
  page: number;
  pageSize: number;
  /** Every notification of the user, across all pages. */
  total: number;
}

/** GET /notifications?page&pageSize: one page of all the user's notifications. */
export function fetchNotificationPage(
  page: number,
  pageSize: number = NOTIFICATIONS_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<NotificationPageResponse> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return apiGet<NotificationPageResponse>(`/notifications?${query.toString()}`, { signal });
}

export function useNotificationPage(page: number, pageSize: number = NOTIFICATIONS_PAGE_SIZE) {
  return useQuery({
    queryKey: queryKeys.notificationPage(page, pageSize),
    queryFn: ({ signal }) => fetchNotificationPage(page, pageSize, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
