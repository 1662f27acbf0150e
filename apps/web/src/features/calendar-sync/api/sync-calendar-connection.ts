import { apiPost } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { CALENDAR_CHANGE_KEYS } from './calendar-sync-keys';
import type { CalendarConnectionResponse } from './create-calendar-connection';

/** POST /calendar/connections/:id/sync → {message, connection}: read the calendar now. */
export function syncCalendarConnection(id: string): Promise<CalendarConnectionResponse> {
  return apiPost<CalendarConnectionResponse>(
    `/calendar/connections/${encodeURIComponent(id)}/sync`,
  );
}

export function useSyncCalendarConnection() {
  // 'settled': a failed sync also stores its error on the connection.
  return useInvalidatingMutation(syncCalendarConnection, {
    keys: CALENDAR_CHANGE_KEYS,
    when: 'settled',
  });
}
