import type { RegisterResponse } from '@slotwise/shared/accounts-types';
import type { UserRole } from '@slotwise/shared/enums';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export interface RegisterInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: UserRole;
  /** The browser's IANA time zone, stored with the account. */
  timezone?: string;
  /** The (compressed) profile picture, if one was chosen. */
  profilePic?: File | null;
}

/**
 * POST /auth/register, multipart (docs/product.md §3, §7): firstName, lastName, email, password, role,
 * timezone and an optional profilePic → 201 {userId, message}.
 */
export function registerAccount(input: RegisterInput): Promise<RegisterResponse> {
  const form = new FormData();
  form.set('firstName', input.firstName);
  form.set('lastName', input.lastName);
  form.set('email', input.email);
  form.set('password', input.password);
  form.set('role', input.role);
  if (input.timezone) form.set('timezone', input.timezone);
  if (input.profilePic) form.set('profilePic', input.profilePic, input.profilePic.name);
  return apiPost<RegisterResponse>('/auth/register', form);
}

export function useRegister() {
  return useMutation({ mutationFn: registerAccount });
}
