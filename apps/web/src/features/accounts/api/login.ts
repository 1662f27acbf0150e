import type { LoginResponse } from '@slotwise/shared/accounts-types';
import type { LoginValues } from '@slotwise/shared/accounts-login-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/**
 * POST /auth/login {email, password} → {token, user, message}; 401 'Invalid email or password',
 * 403 EMAIL_NOT_VERIFIED, 429 when rate limited. The answer is checked by the caller: docs/product.md §4
 * treats one without a token as invalid.
 */
export function login(credentials: LoginValues): Promise<Partial<LoginResponse> | undefined> {
  return apiPost<Partial<LoginResponse> | undefined>('/auth/login', credentials);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
