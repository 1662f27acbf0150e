import type { ReviewResponse } from '@slotwise/shared/reviews-schemas';
import { apiPatch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { ReplyVariables } from './reply-to-review';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

/** PATCH /reviews/:id/reply: the provider edits their reply (within 24 hours of posting it). */
export function editReply({ reviewId, comment }: ReplyVariables): Promise<ReviewResponse> {
  return apiPatch<ReviewResponse>(`/reviews/${encodeURIComponent(reviewId)}/reply`, { comment });
}

export function useEditReply() {
  return useInvalidatingMutation(editReply, { keys: [queryKeys.reviews], when: 'settled' });
}
