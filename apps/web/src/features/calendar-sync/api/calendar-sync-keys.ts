import { queryKeys } from '../../../lib/query-keys';

/**
 * What a change of calendars changes (docs/product.md §18.2): the connections and their busy
 * time, the week calendar (its slots and greyed blocks) and every list of free slots.
 */
export const CALENDAR_CHANGE_KEYS = [
  queryKeys.calendarSync,
  queryKeys.timeslots,
  queryKeys.availableSlots,
  queryKeys.businesses,
] as const;
