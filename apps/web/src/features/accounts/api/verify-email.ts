import type { MessageResponse } from '@slotwise/shared/accounts-types';
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST /auth/verify-email {token} → {message}; 400 INVALID_TOKEN when used, expired or unknown. */
export function verifyEmail(token: string, signal?: AbortSignal): Promise<MessageResponse> {
  return apiPost<MessageResponse>('/auth/verify-email', { token }, { signal });
}

/**
 * Confirms the emailed token once per page load. A query rather than a mutation: it is keyed by
 * the token, so React StrictMode's double mount (or a re-render) shares the one request instead
 * of sending the single-use token twice — the second call would fail. Never retried or refetched.
 */
export function useVerifyEmail(token: string | null) {
  return useQuery({
    queryKey: ['verify-email', token],
    // No abort signal: an unmount must not cancel (and then resend) a single-use confirmation.
    queryFn: () => verifyEmail(token ?? ''),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
