import {
  PHONE_MESSAGES,
  pushPublicKeyResponseSchema,
  pushSubscribeResponseSchema,
  pushSubscriptionSchema,
  pushSubscriptionsResponseSchema,
  pushUnsubscribeSchema,
} from '@slotwise/shared/phones-schemas';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardedRoutes } from '../../lib/route-options';
import { authenticated, authOf } from '../../plugins/authenticate';
import { assertEndpointAllowed, ownSubscriptions, subscribe, unsubscribe } from './subscriptions';
import type { VapidKeys } from './vapid';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web push (docs/decisions/073-phones.md): the VAPID keys every push is signed with. */
    webPush: { keys: VapidKeys };
  }
}

/**
 * Web push (docs/product.md §20.2): the public key browsers subscribe with, and the caller's
 * own subscriptions (any signed-in account).
 */
export const webPushRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = guardedRoutes(authenticated(), 400, 401, 404);
  const db = app.database.db;

  app.get(
    '/push/public-key',
    { schema: { response: { 200: pushPublicKeyResponseSchema } } },
    async () => ({ key: app.webPush.keys.publicKey }),
  );

  app.post(
    '/push/subscriptions',
    signedIn({ body: pushSubscriptionSchema, response: { 201: pushSubscribeResponseSchema } }),
    async (request, reply) => {
      await assertEndpointAllowed(request.body.endpoint, app.config.allowPrivateUrls);
      const subscription = await subscribe(
        db,
        authOf(request).userId,
        request.body,
        request.headers['user-agent'] ?? null,
      );
      return reply.code(201).send({ message: PHONE_MESSAGES.pushOn, subscription });
    },
  );

  app.get(
    '/push/subscriptions',
    signedIn({ response: { 200: pushSubscriptionsResponseSchema } }),
    async (request) => ({ subscriptions: await ownSubscriptions(db, authOf(request).userId) }),
  );

  app.delete(
    '/push/subscriptions',
    signedIn({ body: pushUnsubscribeSchema, response: { 200: z.object({ message: z.string() }) } }),
    async (request) => {
      await unsubscribe(db, authOf(request).userId, request.body.endpoint);
      return { message: PHONE_MESSAGES.pushOff };
    },
  );
};
