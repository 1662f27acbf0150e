import type { MessageResponse } from '@slotwise/shared/accounts-types';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST /auth/logout: revokes the bearer token on the server. */
export function logout(): Promise<MessageResponse> {
  return apiPost<MessageResponse>('/auth/logout');
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
