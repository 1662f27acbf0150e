import { ERROR_CODES } from '@slotwise/shared/api-error';
import {
  createReviewBodySchema,
  providerReviewsResponseSchema,
  REVIEW_MESSAGES,
  reviewIdParamsSchema,
  reviewReplyBodySchema,
  reviewResponseSchema,
  reviewsQuerySchema,
} from '@slotwise/shared/trust-types';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated, authOf, providerIdOf } from '../auth/authenticate';
import { createReview, editReply, listProviderReviews, replyToReview } from './service';

const errorBody = z.object({
  message: z.string(),
  error: z.string(),
  code: z.enum(ERROR_CODES),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
/** docs/product.md §10.4 order of checks: 401 → 403 → 400 → 404 → 409. */
const writeErrors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
} as const;

/** A provider id in the path: anything that is not one answers 404 'Provider not found'. */
const providerParams = z.object({ id: z.string() });

/** Trust: verified reviews and replies (docs/decisions/045-reviews-and-ratings.md). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const clientOnly = authenticated('client');
  const providerOnly = authenticated('provider');

  app.post(
    '/reviews',
    {
      onRequest: clientOnly,
      schema: {
        body: createReviewBodySchema,
        response: { 201: reviewResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { review, notice } = await createReview(
        app.database.db,
        authOf(request).userId,
        request.body,
      );
      // After the commit: the stored notification is already there for an offline provider.
      app.realtime.toUser(notice.providerUserId, 'new_review', {
        message: notice.message,
        reviewId: review.id,
        appointmentId: review.appointment_id,
        rating: review.rating,
      });
      return reply.code(201).send({ message: REVIEW_MESSAGES.reviewSubmitted, review });
    },
  );

  // Public: anyone may read a listed provider's reviews (no token needed).
  app.get(
    '/providers/:id/reviews',
    {
      schema: {
        params: providerParams,
        querystring: reviewsQuerySchema,
        response: { 200: providerReviewsResponseSchema, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => listProviderReviews(app.database.db, request.params.id, request.query),
  );

  app.post(
    '/reviews/:id/reply',
    {
      onRequest: providerOnly,
      schema: {
        params: reviewIdParamsSchema,
        body: reviewReplyBodySchema,
        response: { 201: reviewResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const review = await replyToReview(
        app.database.db,
        providerIdOf(request),
        request.params.id,
        request.body.comment,
      );
      return reply.code(201).send({ message: REVIEW_MESSAGES.replyPosted, review });
    },
  );

  app.patch(
    '/reviews/:id/reply',
    {
      onRequest: providerOnly,
      schema: {
        params: reviewIdParamsSchema,
        body: reviewReplyBodySchema,
        response: { 200: reviewResponseSchema, ...writeErrors },
      },
    },
    async (request) => ({
      message: REVIEW_MESSAGES.replyUpdated,
      review: await editReply(
        app.database.db,
        providerIdOf(request),
        request.params.id,
        request.body.comment,
      ),
    }),
  );
};
