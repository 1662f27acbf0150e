import type { Profile, ProfileResponse } from '@slotwise/shared/accounts-types';
import { apiGet } from '../../../lib/api-client';
import { useFetcherQuery } from '../../../lib/query-hooks';

/** Invalidated by the profile update. */
export const profileQueryKey = ['profile'] as const;

/** GET /profile → {profile} (docs/product.md §7): the signed-in user's profile. */
export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  const { profile } = await apiGet<ProfileResponse>('/profile', { signal });
  return profile;
}

export function useProfile() {
  return useFetcherQuery(profileQueryKey, fetchProfile);
}
