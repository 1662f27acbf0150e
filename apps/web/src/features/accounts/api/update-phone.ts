import type { PhoneInfo, PhoneNumberInput } from '@slotwise/shared/phones-schemas';
import { apiPatch } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryKeys } from '../../../lib/query-keys';

export interface PhoneResponse {
  message: string;
  phone: PhoneInfo | null;
}

/**
 * PATCH /profile/phone {phone} → `{message, phone:{number, confirmed:false}}`: the number to
 * confirm; a code is texted to it at once (docs/product.md §20.3).
 */
export function updatePhone(body: PhoneNumberInput): Promise<PhoneResponse> {
  return apiPatch<PhoneResponse>('/profile/phone', body);
}

export function useUpdatePhone() {
  return useInvalidatingMutation(updatePhone, { keys: [queryKeys.profile] });
}
