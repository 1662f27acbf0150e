import type { MessageResponse } from '@slotwise/shared/api-types';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST /verify-email {email} → {message}: sends the verification email again (SPEC §7). */
export function resendVerification(email: string): Promise<MessageResponse> {
  return apiPost<MessageResponse>('/verify-email', { email });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
