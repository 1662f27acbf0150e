import type { Profile } from '@slotwise/shared/api-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';

export interface UpdateProfileInput {
  firstName: string;
  lastName: string;
  /** The account's current address: SPEC sends it, the server refuses any other. */
  email: string;
  password?: string;
  specialty?: string;
  bio?: string;
  profilePic?: File | null;
}

export interface UpdateProfileResponse {
  message: string;
  profile: Profile;
}

/**
 * PATCH /profile/update, multipart (SPEC §7): firstName, lastName, email; password, specialty and
 * bio only when filled; profilePic only when chosen.
 */
export function updateProfile(input: UpdateProfileInput): Promise<UpdateProfileResponse> {
  const form = new FormData();
  form.set('firstName', input.firstName);
  form.set('lastName', input.lastName);
  form.set('email', input.email);
  if (input.password) form.set('password', input.password);
  if (input.specialty) form.set('specialty', input.specialty);
  if (input.bio) form.set('bio', input.bio);
  if (input.profilePic) form.set('profilePic', input.profilePic, input.profilePic.name);
  return apiPatch<UpdateProfileResponse>('/profile/update', form);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(profileQueryKey, profile);
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
