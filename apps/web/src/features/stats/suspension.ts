import type { Profile } from '@slotwise/shared/accounts-types';

/** What GET /profile says of a suspended provider (docs/product.md §19.4). */
export interface Suspension {
  suspended_at: string;
  note: string;
}

type ProfileWithSuspension = Profile & {
  suspension?: Suspension | null;
  providerDetails: (Profile['providerDetails'] & { suspension?: Suspension | null }) | null;
};

/** The suspension the profile reports, wherever the server puts it (providerDetails or the top). */
export function suspensionOf(profile: Profile | undefined): Suspension | null {
  if (!profile) return null;
  const withSuspension = profile as ProfileWithSuspension;
  return withSuspension.providerDetails?.suspension ?? withSuspension.suspension ?? null;
}
