import type {
  ActionNoteInput,
  adminReviewResponseSchema,
} from '@slotwise/shared/moderation-schemas';
import type { z } from '@slotwise/shared/zod';
import { apiPost } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryKeys } from '../../../lib/query-keys';

export type HideReviewResponse = z.infer<typeof adminReviewResponseSchema>;

/** POST /admin/reviews/:id/hide {note} → {message, review} (docs/product.md §19.3). */
export function hideReview({
  id,
  note,
}: ActionNoteInput & { id: string }): Promise<HideReviewResponse> {
  return apiPost<HideReviewResponse>(`/admin/reviews/${encodeURIComponent(id)}/hide`, { note });
}

/** The searches, the queue, the audit log and what clients see change with it. */
export function useHideReview() {
  return useInvalidatingMutation(hideReview, {
    keys: [queryKeys.admin, queryKeys.providers, queryKeys.reviews],
    when: 'settled',
  });
}
