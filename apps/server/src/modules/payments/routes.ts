import {
  cancelQuoteResponseSchema,
  checkoutResponseSchema,
  earningsQuerySchema,
  earningsResponseSchema,
  paymentIdParamsSchema,
  testCheckoutBodySchema,
  testCheckoutResponseSchema,
} from '@slotwise/shared/payments-schemas';
import { appointmentIdParamsSchema } from '@slotwise/shared/appointments-booking-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardedRoutes } from '../../lib/route-options';
import { authenticated, authOf, providerIdOf } from '../../plugins/authenticate';
import { checkoutOf, testCheckout } from './checkout';
import { cancelQuote, earningsCsv, earningsOf } from './quote-and-earnings';
import { stripeConnectRoutes } from './stripe-connect-routes';
import { stripeWebhookRoutes } from './stripe-webhook-routes';

/**
 * Payments (docs/product.md §16, docs/decisions/068-payments.md): the client's checkout of
 * their own payment, the cancel quote for either party of an appointment, the provider's
 * earnings. Stripe's webhooks are in stripe-webhook-routes.ts, Connect in stripe-connect-routes.ts.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(stripeWebhookRoutes);
  await app.register(stripeConnectRoutes);
  const clientOnly = authenticated('client');
  const providerOnly = authenticated('provider');
  const eitherParty = authenticated('client', 'provider');
  const clientRead = guardedRoutes(clientOnly, 400, 401, 403, 404);
  const clientPay = guardedRoutes(clientOnly, 400, 401, 402, 403, 404, 409);
  const partyRead = guardedRoutes(eitherParty, 400, 401, 403, 404);
  const providerRead = guardedRoutes(providerOnly, 400, 401, 403);

  app.get(
    '/payments/:id',
    clientRead({ params: paymentIdParamsSchema, response: { 200: checkoutResponseSchema } }),
    async (request) => checkoutOf(app.payments, authOf(request).userId, request.params.id),
  );

  app.post(
    '/payments/:id/test-checkout',
    clientPay({
      params: paymentIdParamsSchema,
      body: testCheckoutBodySchema,
      response: { 200: testCheckoutResponseSchema },
    }),
    async (request) =>
      testCheckout(
        app.payments,
        authOf(request).userId,
        request.params.id,
        request.body.cardNumber,
      ),
  );

  app.get(
    '/appointment/:id/cancel-quote',
    partyRead({ params: appointmentIdParamsSchema, response: { 200: cancelQuoteResponseSchema } }),
    async (request) => cancelQuote(app.database.db, authOf(request), request.params.id),
  );

  app.get(
    '/payments/earnings',
    providerRead({ querystring: earningsQuerySchema, response: { 200: earningsResponseSchema } }),
    async (request) => earningsOf(app.database.db, providerIdOf(request), request.query),
  );

  app.get(
    '/payments/earnings.csv',
    providerRead({ querystring: earningsQuerySchema, response: {} }),
    async (request, reply) => {
      const csv = await earningsCsv(app.database.db, providerIdOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="earnings-${request.query.from}-${request.query.to}.csv"`,
        )
        .send(csv);
    },
  );
};
