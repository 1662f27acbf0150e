import type { ResendVerificationResponse } from '@slotwise/shared/email-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /verify-email {email} → {message, retryAfterSeconds}: sends the verification email again,
 * or — within the one-minute cooldown — says so and how long to wait (docs/product.md, Email and
 * calendars). The same answer for every address.
 */
export function resendVerification(email: string): Promise<ResendVerificationResponse> {
  return apiPost<ResendVerificationResponse>('/verify-email', { email });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
