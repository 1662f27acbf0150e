import type { NotificationPreferences } from '@slotwise/shared/email-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface NotificationPreferencesResponse {
  preferences: NotificationPreferences;
  message?: string;
}

/** GET /profile/notification-preferences → {preferences}: the caller's own mail preferences. */
export function fetchNotificationPreferences(
  signal?: AbortSignal,
): Promise<NotificationPreferencesResponse> {
  return apiGet<NotificationPreferencesResponse>('/profile/notification-preferences', { signal });
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: queryKeys.notificationPreferences,
    queryFn: ({ signal }) => fetchNotificationPreferences(signal),
    select: (data) => data.preferences,
  });
}
