import {
  bookingPolicyResponseSchema,
  bookingPolicySavedResponseSchema,
  bookingPolicySchema,
  POLICY_MESSAGES,
} from '@slotwise/shared/policies-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardedRoutes } from '../../lib/route-options';
import { authenticated, providerIdOf } from '../../plugins/authenticate';
import { getBookingPolicy, saveBookingPolicy } from './service';

/** Booking policies (docs/product.md §11.4): each provider reads and replaces their own. */
export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  const providerOnly = authenticated('provider');
  const readPolicy = guardedRoutes(providerOnly, 401, 403);
  const writePolicy = guardedRoutes(providerOnly, 400, 401, 403);

  app.get(
    '/provider/policy',
    readPolicy({ response: { 200: bookingPolicyResponseSchema } }),
    async (request) => ({ policy: await getBookingPolicy(app.database.db, providerIdOf(request)) }),
  );

  app.put(
    '/provider/policy',
    writePolicy({ body: bookingPolicySchema, response: { 200: bookingPolicySavedResponseSchema } }),
    async (request) => ({
      message: POLICY_MESSAGES.saved,
      policy: await saveBookingPolicy(app.database.db, providerIdOf(request), request.body),
    }),
  );
};
