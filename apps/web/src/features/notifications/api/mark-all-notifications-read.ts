import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { markReadInCache, restoreCache } from './mark-notification-read';

export interface MarkAllReadResponse {
  message: string;
  /** How many notifications changed. */
  updated: number;
}

/** PATCH /notifications/mark-all-read (docs/product.md §7): every unread notification of the caller. */
export function markAllNotificationsRead(): Promise<MarkAllReadResponse> {
  return apiPatch<MarkAllReadResponse>('/notifications/mark-all-read');
}

/** Optimistic like the single mark-read: the badge drops to zero at once. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => markReadInCache(queryClient, 'all'),
    onError: (_error, _variables, snapshot) => {
      if (snapshot) restoreCache(queryClient, snapshot);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
