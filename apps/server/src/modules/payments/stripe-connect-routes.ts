import {
  connectLinkResponseSchema,
  connectStatusResponseSchema,
  STRIPE_MESSAGES,
} from '@slotwise/shared/stripe-schemas';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentAccounts, users } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { guardedRoutes } from '../../lib/route-options';
import { authenticated, authOf } from '../../plugins/authenticate';
import { StripeGateway } from './stripe-gateway';

/**
 * Stripe Connect (docs/product.md §16, docs/decisions/068-payments.md): a provider opens an
 * Express account once and is sent to Stripe's onboarding; their money then goes to it (the
 * Checkout's destination, less the platform fee). `charges_enabled` follows account.updated.
 */
export const stripeConnectRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = app.payments.gateway instanceof StripeGateway ? app.payments.gateway : null;
  const providerOnly = authenticated('provider');

  app.get(
    '/payments/connect',
    guardedRoutes(providerOnly, 401, 403)({ response: { 200: connectStatusResponseSchema } }),
    async (request) => {
      const [account] = await app.database.db
        .select({ id: paymentAccounts.stripeAccountId, enabled: paymentAccounts.chargesEnabled })
        .from(paymentAccounts)
        .where(eq(paymentAccounts.userId, authOf(request).userId));
      return {
        charges_enabled: Boolean(account?.id && account.enabled),
        account_id: account?.id ?? null,
      };
    },
  );

  app.post(
    '/payments/connect',
    guardedRoutes(
      providerOnly,
      401,
      403,
      404,
      409,
    )({ response: { 200: connectLinkResponseSchema } }),
    async (request) => {
      if (!gateway) throw new ConflictError('INVALID_STATE', STRIPE_MESSAGES.stripeNotConfigured);
      const { userId } = authOf(request);
      const [user] = await app.database.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) throw new NotFoundError();
      const accountId = await gateway.connectAccount(userId, user.email);
      return { url: await gateway.onboardingLink(accountId, randomUUID()) };
    },
  );
};
