import { queryKeys } from '../../lib/query-keys';

/**
 * After a service changes: its list, and the slots that show its current name and price (the
 * provider's own and the free ones clients see). Appointments keep what was booked.
 */
export const serviceViewKeys = [queryKeys.services, queryKeys.timeslots, queryKeys.availableSlots];
