import type { ReviewResponse } from '@slotwise/shared/trust-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface ReplyVariables {
  reviewId: string;
  comment: string;
}

/** POST /reviews/:id/reply: the provider answers a review of theirs, once. */
export function replyToReview({ reviewId, comment }: ReplyVariables): Promise<ReviewResponse> {
  return apiPost<ReviewResponse>(`/reviews/${encodeURIComponent(reviewId)}/reply`, { comment });
}

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews }),
  });
}
