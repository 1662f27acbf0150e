import type { ServiceMode } from '@slotwise/shared/catalogue-schemas';
import type { Profile } from '@slotwise/shared/accounts-types';
import { apiPatch } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';
import { useStoringMutation } from '../../../lib/query-hooks';

export interface UpdateProfileInput {
  firstName: string;
  lastName: string;
  /** The account's current address: SPEC sends it, the server refuses any other. */
  email: string;
  password?: string;
  specialty?: string;
  bio?: string;
  profilePic?: File | null;
  /**
   * The provider's catalogue fields (docs/product.md §11.1), sent when given: `address` ''
   * clears it, `radiusKm` null sends '' (no radius).
   */
  catalogue?: {
    category?: string;
    placeId?: string;
    address: string;
    serviceMode: ServiceMode;
    radiusKm: number | null;
  };
}

export interface UpdateProfileResponse {
  message: string;
  profile: Profile;
}

/**
 * PATCH /profile/update, multipart (docs/product.md §7): firstName, lastName, email; password, specialty and
 * bio only when filled; profilePic only when chosen; a provider's catalogue fields
 * (docs/product.md §11.1) when the form has them.
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
  const catalogue = input.catalogue;
  if (catalogue) {
    if (catalogue.category) form.set('category', catalogue.category);
    if (catalogue.placeId) form.set('placeId', catalogue.placeId);
    form.set('address', catalogue.address);
    form.set('serviceMode', catalogue.serviceMode);
    form.set('radiusKm', catalogue.radiusKm === null ? '' : String(catalogue.radiusKm));
  }
  return apiPatch<UpdateProfileResponse>('/profile/update', form);
}

export function useUpdateProfile() {
  return useStoringMutation(updateProfile, profileQueryKey, ({ profile }) => profile);
}
