import type { PushSubscriptionInput } from '@slotwise/shared/phones-schemas';
import type { z } from '@slotwise/shared/zod';
import type { pushSubscribeResponseSchema } from '@slotwise/shared/phones-schemas';
import { apiPost } from '../../../lib/api-client';

export type PushSubscribeResponse = z.infer<typeof pushSubscribeResponseSchema>;

/**
 * POST /push/subscriptions {endpoint, keys} → 201 `{message, subscription}`: this device's
 * subscription, for the signed-in account (docs/product.md §20.2).
 */
export function createPushSubscription(
  body: PushSubscriptionInput,
): Promise<PushSubscribeResponse> {
  return apiPost<PushSubscribeResponse>('/push/subscriptions', body);
}
