import type {
  CalendarConnection,
  CreateCalendarConnectionInput,
} from '@slotwise/shared/calendar-sync-schemas';
import { apiPost } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { CALENDAR_CHANGE_KEYS } from './calendar-sync-keys';

export interface CalendarConnectionResponse {
  message: string;
  connection: CalendarConnection;
}

/**
 * POST /calendar/connections (docs/product.md §18.1): connects and syncs once; 400
 * `URL_NOT_ALLOWED` on the url field for an address inside a private network.
 */
export function createCalendarConnection(
  body: CreateCalendarConnectionInput,
): Promise<CalendarConnectionResponse> {
  return apiPost<CalendarConnectionResponse>('/calendar/connections', body);
}

export function useCreateCalendarConnection() {
  return useInvalidatingMutation(createCalendarConnection, { keys: CALENDAR_CHANGE_KEYS });
}
