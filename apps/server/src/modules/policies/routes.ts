import { errorResponses } from '@slotwise/shared/api-error-schemas';
import {
  bookingPolicyResponseSchema,
  bookingPolicySavedResponseSchema,
  bookingPolicySchema,
  POLICY_MESSAGES,
} from '@slotwise/shared/policies-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticated, providerIdOf } from '../../plugins/authenticate';
import { getBookingPolicy, saveBookingPolicy } from './service';

/** Booking policies (docs/product.md §11.4): each provider reads and replaces their own. */
export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  const providerOnly = authenticated('provider');

  app.get(
    '/provider/policy',
    {
      onRequest: providerOnly,
      schema: { response: { 200: bookingPolicyResponseSchema, ...errorResponses(401, 403) } },
    },
    async (request) => ({ policy: await getBookingPolicy(app.database.db, providerIdOf(request)) }),
  );

  app.put(
    '/provider/policy',
    {
      onRequest: providerOnly,
      schema: {
        body: bookingPolicySchema,
        response: { 200: bookingPolicySavedResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      message: POLICY_MESSAGES.saved,
      policy: await saveBookingPolicy(app.database.db, providerIdOf(request), request.body),
    }),
  );
};
