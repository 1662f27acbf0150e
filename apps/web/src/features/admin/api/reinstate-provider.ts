import type {
  ActionNoteInput,
  adminProviderResponseSchema,
} from '@slotwise/shared/moderation-schemas';
import type { z } from '@slotwise/shared/zod';
import { apiPost } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryKeys } from '../../../lib/query-keys';

export type ReinstateProviderResponse = z.infer<typeof adminProviderResponseSchema>;

/** POST /admin/providers/:id/reinstate {note} → {message, provider} (docs/product.md §19.3). */
export function reinstateProvider({
  id,
  note,
}: ActionNoteInput & { id: string }): Promise<ReinstateProviderResponse> {
  return apiPost<ReinstateProviderResponse>(
    `/admin/providers/${encodeURIComponent(id)}/reinstate`,
    { note },
  );
}

/** The searches, the queue, the audit log and what clients see change with it. */
export function useReinstateProvider() {
  return useInvalidatingMutation(reinstateProvider, {
    keys: [queryKeys.admin, queryKeys.providers, queryKeys.reviews],
    when: 'settled',
  });
}
