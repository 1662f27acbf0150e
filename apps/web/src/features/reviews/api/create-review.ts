import type { CreateReviewBody, ReviewResponse } from '@slotwise/shared/reviews-schemas';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useInvalidatingMutation } from '../../../lib/query-hooks';

/** POST /reviews: the client reviews one of their completed appointments, once. */
export function createReview(body: CreateReviewBody): Promise<ReviewResponse> {
  return apiPost<ReviewResponse>('/reviews', body);
}

/** Refreshes the appointments (`reviewed`), the reviews and the providers' ratings, either way. */
export function useCreateReview() {
  return useInvalidatingMutation(createReview, {
    keys: [queryKeys.appointments, queryKeys.reviews, queryKeys.providers],
    when: 'settled',
  });
}
