import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/**
 * After a service changes: its list, and the slots that show its current name and price (the
 * provider's own and the free ones clients see). Appointments keep what was booked.
 */
export function invalidateServiceViews(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.services }),
    queryClient.invalidateQueries({ queryKey: queryKeys.timeslots }),
    queryClient.invalidateQueries({ queryKey: queryKeys.availableSlots }),
  ]);
}
