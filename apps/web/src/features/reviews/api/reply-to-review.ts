import type { ReviewResponse } from '@slotwise/shared/reviews-schemas';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

export interface ReplyVariables {
  reviewId: string;
  comment: string;
}

/** POST /reviews/:id/reply: the provider answers a review of theirs, once. */
export function replyToReview({ reviewId, comment }: ReplyVariables): Promise<ReviewResponse> {
  return apiPost<ReviewResponse>(`/reviews/${encodeURIComponent(reviewId)}/reply`, { comment });
}

export function useReplyToReview() {
  return useInvalidatingMutation(replyToReview, { keys: [queryKeys.reviews], when: 'settled' });
}
