import {
  APPOINTMENTS_DEFAULT_LIMIT,
  type ClientAppointmentsResponse,
} from '@slotwise/shared/appointments-schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useFetcherQuery } from '../../../lib/query-hooks';

/** GET /appointment/view (docs/product.md §7): the signed-in client's appointments, every status. */
export function fetchClientAppointments(signal?: AbortSignal): Promise<ClientAppointmentsResponse> {
  return apiGet<ClientAppointmentsResponse>('/appointment/view', { signal });
}

/**
 * GET /appointment/view?limit=&cursor=: one page, upcoming first then past
 * (docs/decisions/052-paginated-appointment-lists.md).
 */
export function fetchClientAppointmentPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ClientAppointmentsResponse> {
  const after = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
  return apiGet<ClientAppointmentsResponse>(
    `/appointment/view?limit=${APPOINTMENTS_DEFAULT_LIMIT}${after}`,
    { signal },
  );
}

/**
 * Every appointment, cached as the response body under ['appointments', 'client'] (see
 * lib/query-keys.ts): for screens that need them all (today's list, review prompts).
 * `enabled: false` keeps it idle until a screen needs it.
 */
export function useClientAppointments(options: { enabled?: boolean } = {}) {
  return useFetcherQuery(queryKeys.clientAppointments, fetchClientAppointments, {
    enabled: options.enabled,
  });
}

/** The pages loaded so far under ['appointments', 'client', 'pages']; the list loads more on scroll. */
export function useClientAppointmentPages() {
  return useInfiniteQuery({
    queryKey: queryKeys.clientAppointmentPages,
    queryFn: ({ pageParam, signal }) => fetchClientAppointmentPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}
