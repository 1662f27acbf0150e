import type { NotificationPreferencesPatch } from '@slotwise/shared/email-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { NotificationPreferencesResponse } from './get-notification-preferences';

/** PATCH /profile/notification-preferences {emailReminders?, emailBookingUpdates?} → {preferences, message}. */
export function updateNotificationPreferences(
  patch: NotificationPreferencesPatch,
): Promise<NotificationPreferencesResponse> {
  return apiPatch<NotificationPreferencesResponse>('/profile/notification-preferences', patch);
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.notificationPreferences, data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.notificationPreferences });
    },
  });
}
