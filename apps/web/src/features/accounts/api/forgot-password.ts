import type { MessageResponse } from '@slotwise/shared/accounts-types';
import type { ForgotPasswordBody } from '@slotwise/shared/email-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /auth/forgot-password {email} → {message}: mails a reset link when the address has an
 * account; the same answer for every address.
 */
export function forgotPassword(body: ForgotPasswordBody): Promise<MessageResponse> {
  return apiPost<MessageResponse>('/auth/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
