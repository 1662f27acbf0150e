import { errorResponses } from '@slotwise/shared/api-error-schemas';
import {
  createReviewBodySchema,
  providerReviewsResponseSchema,
  REVIEW_MESSAGES,
  reviewIdParamsSchema,
  reviewReplyBodySchema,
  reviewResponseSchema,
  reviewsQuerySchema,
} from '@slotwise/shared/reviews-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardedRoutes } from '../../lib/route-options';
import {
  authenticated,
  authOf,
  optionallyAuthenticated,
  providerIdOf,
} from '../../plugins/authenticate';
import { providerReviewsJson } from './provider-reviews';
import { registerRecurringJob } from '../../jobs/recurring-job';
import { ratingPriorJob } from './rating-prior-job';
import { createReview, editReply, replyToReview } from './service';

/** A provider id in the path: anything that is not one answers 404 'Provider not found'. */
const providerParams = z.object({ id: z.string() });

/** Trust: verified reviews and replies (docs/decisions/045-reviews-and-ratings.md). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // Writes answer every error of the docs/product.md §10.4 order of checks: 401 → 403 → 400 → 404 → 409.
  const clientWrite = guardedRoutes(authenticated('client'), 400, 401, 403, 404, 409);
  const providerWrite = guardedRoutes(authenticated('provider'), 400, 401, 403, 404, 409);
  // The marketplace mean of the rating score, refreshed by a job (rating-prior-job.ts).
  registerRecurringJob(app, ratingPriorJob(app.database.db));

  app.post(
    '/reviews',
    clientWrite({ body: createReviewBodySchema, response: { 201: reviewResponseSchema } }),
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

  // Public: anyone may read a listed provider's reviews (no token needed); a provider also their
  // own while unlisted or suspended (their dashboard, docs/product.md §19.4).
  app.get(
    '/providers/:id/reviews',
    {
      onRequest: optionallyAuthenticated(),
      schema: {
        params: providerParams,
        querystring: reviewsQuerySchema,
        response: { 200: providerReviewsResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      // JSON text built by PostgreSQL in the response schema's shape: a string skips the
      // serializer (provider-reviews.ts, docs/decisions/083). The type provider types send()
      // as the schema's object.
      const body = await providerReviewsJson(
        app.database.db,
        request.params.id,
        request.query,
        request.auth?.providerId ?? null,
      );
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.post(
    '/reviews/:id/reply',
    providerWrite({
      params: reviewIdParamsSchema,
      body: reviewReplyBodySchema,
      response: { 201: reviewResponseSchema },
    }),
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
    providerWrite({
      params: reviewIdParamsSchema,
      body: reviewReplyBodySchema,
      response: { 200: reviewResponseSchema },
    }),
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
