import type { MessageResponse } from '@slotwise/shared/accounts-types';
import type { PhoneCodeInput } from '@slotwise/shared/phones-schemas';
import { apiPost } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /profile/phone/confirm {code} → `{message}` (docs/product.md §20.3): confirming turns
 * texts on for reminders and waitlist offers, so the preferences change too.
 */
export function confirmPhone(body: PhoneCodeInput): Promise<MessageResponse> {
  return apiPost<MessageResponse>('/profile/phone/confirm', body);
}

export function useConfirmPhone() {
  // ['profile'] holds the preferences too (['profile', 'notification-preferences']).
  return useInvalidatingMutation(confirmPhone, { keys: [queryKeys.profile] });
}
