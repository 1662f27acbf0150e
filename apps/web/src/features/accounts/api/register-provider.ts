import type { MessageResponse } from '@slotwise/shared/api-types';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export interface RegisterProviderInput {
  userId: string;
  specialty: string;
  bio: string;
}

/** POST /auth/register/provider {userId, specialty, bio} → {message} (SPEC §7). */
export function registerProvider(input: RegisterProviderInput): Promise<MessageResponse> {
  return apiPost<MessageResponse>('/auth/register/provider', input);
}

export function useRegisterProvider() {
  return useMutation({ mutationFn: registerProvider });
}
