import type { MessageResponse } from '@slotwise/shared/accounts-types';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /push/subscriptions {endpoint} → `{message}` (docs/product.md §20.2). */
export function deletePushSubscription(endpoint: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('DELETE', '/push/subscriptions', { endpoint });
}
