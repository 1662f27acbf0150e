import {
  CATEGORIES,
  categoriesResponseSchema,
  placesQuerySchema,
  placesResponseSchema,
} from '@slotwise/shared/catalogue-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../lib/error-body';
import { searchPlaces } from './gazetteer';

/**
 * Categories and places (docs/product.md §11 catalogue). Public: the provider onboarding screen uses them
 * before the provider has signed in, and public discovery filters by them.
 */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/categories', { schema: { response: { 200: categoriesResponseSchema } } }, async () => ({
    categories: CATEGORIES.map(({ slug, name }) => ({ slug, name })),
  }));

  app.get(
    '/places',
    {
      schema: {
        querystring: placesQuerySchema,
        response: { 200: placesResponseSchema, 400: errorBody },
      },
    },
    async (request) => ({ places: searchPlaces(request.query.q, request.query.limit) }),
  );
};
