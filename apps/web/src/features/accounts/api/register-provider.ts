import type { ServiceMode } from '@slotwise/shared/catalogue-schemas';
import type { MessageResponse } from '@slotwise/shared/accounts-types';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export interface RegisterProviderInput {
  userId: string;
  specialty: string;
  bio: string;
  /** The catalogue fields (docs/product.md §11.1): category, place and service mode. */
  category?: string;
  placeId?: string;
  address?: string;
  serviceMode?: ServiceMode;
  radiusKm?: number | null;
}

/**
 * POST /auth/register/provider {userId, specialty, bio} → {message} (docs/product.md §7), plus category,
 * placeId, address, serviceMode and radiusKm (docs/product.md §11.1).
 */
export function registerProvider(input: RegisterProviderInput): Promise<MessageResponse> {
  return apiPost<MessageResponse>('/auth/register/provider', input);
}

export function useRegisterProvider() {
  return useMutation({ mutationFn: registerProvider });
}
