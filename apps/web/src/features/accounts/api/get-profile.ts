import type { Profile, ProfileResponse } from '@slotwise/shared/accounts-types';
import { apiGet } from '../../../lib/api-client';
import { applyAccountLocale } from '../account-locale';
import { useFetcherQuery } from '../../../lib/query-hooks';

/** Invalidated by the profile update. */
export const profileQueryKey = ['profile'] as const;

/**
 * GET /profile → {profile} (docs/product.md §7): the signed-in user's profile; its `locale` applies
 * to the screens when this device has no language of its own (§21.1).
 */
export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  const { profile } = await apiGet<ProfileResponse>('/profile', { signal });
  // The account's saved language, unless this device has its own (docs/product.md §21.1).
  applyAccountLocale('locale' in profile ? profile.locale : null);
  return profile;
}

export function useProfile() {
  return useFetcherQuery(profileQueryKey, fetchProfile);
}
