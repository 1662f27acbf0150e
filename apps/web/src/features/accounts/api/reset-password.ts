import type { MessageResponse } from '@slotwise/shared/accounts-types';
import type { ResetPasswordBody } from '@slotwise/shared/email-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /auth/reset-password {token, password} → {message}; 400 when the token is used, expired
 * or unknown. Every earlier session of the account is revoked.
 */
export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiPost<MessageResponse>('/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
