import type { CreateReviewBody, ReviewResponse } from '@slotwise/shared/trust-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /reviews: the client reviews one of their completed appointments, once. */
export function createReview(body: CreateReviewBody): Promise<ReviewResponse> {
  return apiPost<ReviewResponse>('/reviews', body);
}

/** Refreshes the appointments (`reviewed`), the reviews and the providers' ratings, either way. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSettled: () =>
      Promise.all(
        [queryKeys.appointments, queryKeys.reviews, queryKeys.providers].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
