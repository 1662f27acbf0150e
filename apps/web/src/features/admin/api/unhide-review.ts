import type {
  ActionNoteInput,
  adminReviewResponseSchema,
} from '@slotwise/shared/moderation-schemas';
import type { z } from '@slotwise/shared/zod';
import { apiPost } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryKeys } from '../../../lib/query-keys';

export type UnhideReviewResponse = z.infer<typeof adminReviewResponseSchema>;

/** POST /admin/reviews/:id/unhide {note} → {message, review} (docs/product.md §19.3). */
export function unhideReview({
  id,
  note,
}: ActionNoteInput & { id: string }): Promise<UnhideReviewResponse> {
  return apiPost<UnhideReviewResponse>(`/admin/reviews/${encodeURIComponent(id)}/unhide`, { note });
}

/** The searches, the queue, the audit log and what clients see change with it. */
export function useUnhideReview() {
  return useInvalidatingMutation(unhideReview, {
    keys: [queryKeys.admin, queryKeys.providers, queryKeys.reviews],
    when: 'settled',
  });
}
