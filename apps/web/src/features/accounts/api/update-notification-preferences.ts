import type { NotificationPreferencesPatch } from '@slotwise/shared/email-schemas';
import { apiPatch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { NotificationPreferencesResponse } from './get-notification-preferences';
import { useStoringMutation } from '../../../lib/query-hooks';

/** PATCH /profile/notification-preferences {emailReminders?, emailBookingUpdates?} → {preferences, message}. */
export function updateNotificationPreferences(
  patch: NotificationPreferencesPatch,
): Promise<NotificationPreferencesResponse> {
  return apiPatch<NotificationPreferencesResponse>('/profile/notification-preferences', patch);
}

export function useUpdateNotificationPreferences() {
  return useStoringMutation(updateNotificationPreferences, queryKeys.notificationPreferences);
}
