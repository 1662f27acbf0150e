import type {
  ActionNoteInput,
  adminProviderResponseSchema,
} from '@slotwise/shared/moderation-schemas';
import type { z } from '@slotwise/shared/zod';
import { apiPost } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryKeys } from '../../../lib/query-keys';

export type SuspendProviderResponse = z.infer<typeof adminProviderResponseSchema>;

/** POST /admin/providers/:id/suspend {note} → {message, provider} (docs/product.md §19.3). */
export function suspendProvider({
  id,
  note,
}: ActionNoteInput & { id: string }): Promise<SuspendProviderResponse> {
  return apiPost<SuspendProviderResponse>(`/admin/providers/${encodeURIComponent(id)}/suspend`, {
    note,
  });
}

/** The searches, the queue, the audit log and what clients see change with it. */
export function useSuspendProvider() {
  return useInvalidatingMutation(suspendProvider, {
    keys: [queryKeys.admin, queryKeys.providers, queryKeys.reviews],
    when: 'settled',
  });
}
