import {
  conversationIdParamsSchema,
  conversationResponseSchema,
  conversationsQuerySchema,
  conversationsResponseSchema,
  createConversationBodySchema,
  markReadResponseSchema,
  MESSAGE_RATE_LIMIT_PER_MINUTE,
  MESSAGING_MESSAGES,
  messagesQuerySchema,
  messagesResponseSchema,
  sendMessageBodySchema,
  sendMessageResponseSchema,
  unreadCountResponseSchema,
} from '@slotwise/shared/messages-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardedRoutes } from '../../lib/route-options';
import { authenticated, authOf } from '../../plugins/authenticate';
import { ForbiddenError } from '../../errors';
import {
  type Caller,
  countUnread,
  listConversations,
  markConversationRead,
  openConversation,
  sendMessageWithPush,
} from './service';
import { messagesPageJson } from './history';

/**
 * Messages per sender (the token's user: authentication runs before the limiter), so one
 * account cannot flood a provider, and users behind one NAT do not share a budget.
 * Active with RATE_LIMIT (docs/security.md).
 */
export const MESSAGE_RATE_LIMIT = {
  max: MESSAGE_RATE_LIMIT_PER_MINUTE,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) =>
    request.auth ? `message:${request.auth.userId}` : `ip:${request.ip}`,
};

/** The caller of a route guarded by `authenticated('client', 'provider')`: an operator never is. */
function callerOf(request: FastifyRequest): Caller {
  const { userId, role, providerId } = authOf(request);
  if (role === 'admin') throw new ForbiddenError('Only client or provider accounts can do this');
  return { userId, role, providerId };
}

/** Conversations between a client and a provider (docs/decisions/043-messages.md). */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  /** docs/product.md §10.4 order of checks: 401 → 403 → 400 → 404. */
  const signedIn = guardedRoutes(authenticated('client', 'provider'), 400, 401, 403, 404);
  const db = () => app.database.db;

  app.post(
    '/conversations',
    signedIn({
      body: createConversationBodySchema,
      response: { 200: conversationResponseSchema, 201: conversationResponseSchema },
    }),
    async (request, reply) => {
      const { conversation, created } = await openConversation(
        db(),
        callerOf(request),
        request.body,
      );
      return reply.code(created ? 201 : 200).send({ conversation });
    },
  );

  app.get(
    '/conversations',
    signedIn({
      querystring: conversationsQuerySchema,
      response: { 200: conversationsResponseSchema },
    }),
    async (request) => listConversations(db(), callerOf(request), request.query),
  );

  app.get(
    '/conversations/unread-count',
    signedIn({ response: { 200: unreadCountResponseSchema } }),
    async (request) => ({ unread: await countUnread(db(), callerOf(request)) }),
  );

  app.get(
    '/conversations/:id/messages',
    signedIn({
      params: conversationIdParamsSchema,
      querystring: messagesQuerySchema,
      response: { 200: messagesResponseSchema },
    }),
    async (request, reply) => {
      // JSON text built by PostgreSQL in the response schema's shape: a string skips the
      // serializer (history.ts, docs/decisions/083). The type provider types send() as the object.
      const body = await messagesPageJson(
        db(),
        callerOf(request),
        request.params.id,
        request.query,
      );
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.post(
    '/conversations/:id/messages',
    {
      ...signedIn({
        params: conversationIdParamsSchema,
        body: sendMessageBodySchema,
        response: { 201: sendMessageResponseSchema },
      }),
      config: { rateLimit: MESSAGE_RATE_LIMIT },
    },
    async (request, reply) => {
      const conversationId = request.params.id;
      const { message, recipientId, pushJobs } = await sendMessageWithPush(
        db(),
        callerOf(request),
        conversationId,
        request.body.body,
      );
      // Committed: tell every socket of the other participant, and nobody else; push now.
      app.realtime.toUser(recipientId, 'new_message', { conversationId, message });
      app.runJobsNow(pushJobs);
      return reply.code(201).send({ message });
    },
  );

  app.patch(
    '/conversations/:id/read',
    signedIn({ params: conversationIdParamsSchema, response: { 200: markReadResponseSchema } }),
    async (request) => {
      const updated = await markConversationRead(db(), callerOf(request), request.params.id);
      return { message: MESSAGING_MESSAGES.markedRead, updated };
    },
  );
};
