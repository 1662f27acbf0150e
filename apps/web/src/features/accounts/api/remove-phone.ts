import type { MessageResponse } from '@slotwise/shared/accounts-types';
import { apiDelete } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /profile/phone → `{message}` (docs/product.md §20.3): no more texts. */
export function removePhone(): Promise<MessageResponse> {
  return apiDelete<MessageResponse>('/profile/phone');
}

export function useRemovePhone() {
  // ['profile'] holds the preferences too: SMS is no longer ready.
  return useInvalidatingMutation(removePhone, { keys: [queryKeys.profile] });
}
