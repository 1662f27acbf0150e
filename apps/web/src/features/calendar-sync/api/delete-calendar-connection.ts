import type { MessageResponse } from '@slotwise/shared/accounts-types';
import { apiDelete } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { CALENDAR_CHANGE_KEYS } from './calendar-sync-keys';

/** DELETE /calendar/connections/:id: its busy time goes with it (docs/product.md §18.1). */
export function deleteCalendarConnection(id: string): Promise<MessageResponse> {
  return apiDelete<MessageResponse>(`/calendar/connections/${encodeURIComponent(id)}`);
}

export function useDeleteCalendarConnection() {
  return useInvalidatingMutation(deleteCalendarConnection, { keys: CALENDAR_CHANGE_KEYS });
}
