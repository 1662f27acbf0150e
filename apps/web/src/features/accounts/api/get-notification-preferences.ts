import type { NotificationPreferences } from '@slotwise/shared/email-schemas';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

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
  return useFetcherQuery(queryKeys.notificationPreferences, fetchNotificationPreferences, {
    select: (data) => data.preferences,
  });
}
