import { errorResponses } from '@slotwise/shared/api-error';
import {
  availableSlotsQuerySchema,
  availableSlotsResponseSchema,
  providerDetailResponseSchema,
  providerSearchQuerySchema,
  providerSearchResponseSchema,
} from '@slotwise/shared/booking-types';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated } from '../auth/authenticate';
import { getProviderDetail, listAvailableSlots, searchProviders } from './service';

const errors = errorResponses(400, 401, 403, 404);

/** A provider id in the path: anything that is not one answers 404 'Provider not found'. */
const providerParams = z.object({ id: z.string() });

/** docs/product.md §7 discovery calls: any signed-in user (client or provider) may look. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = authenticated();

  app.get(
    '/search/providers',
    {
      onRequest: signedIn,
      schema: {
        querystring: providerSearchQuerySchema,
        response: { 200: providerSearchResponseSchema, ...errors },
      },
    },
    async (request) => searchProviders(app.database.db, request.query),
  );

  app.get(
    '/profile/providers/:id',
    {
      onRequest: signedIn,
      schema: {
        params: providerParams,
        response: { 200: providerDetailResponseSchema, ...errors },
      },
    },
    async (request) => ({ provider: await getProviderDetail(app.database.db, request.params.id) }),
  );

  app.get(
    '/search/providers/:id/available-slots',
    {
      onRequest: signedIn,
      schema: {
        params: providerParams,
        querystring: availableSlotsQuerySchema,
        response: { 200: availableSlotsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      availableSlots: await listAvailableSlots(app.database.db, request.params.id, request.query),
    }),
  );
};
