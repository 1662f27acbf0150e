import type { FastifyInstance } from 'fastify';
import { conversations, messages } from '../../src/db/schema';
import type { TestUser } from './factories';

/**
 * A conversation of `client` and `provider` with one message from each (written directly, as
 * the fixture of a test about something else: reports, erasure): the ids of both messages.
 */
export async function createConversation(
  app: FastifyInstance,
  client: TestUser,
  provider: TestUser,
  bodies: { fromClient: string; fromProvider: string } = {
    fromClient: 'Hello',
    fromProvider: 'Hello back',
  },
): Promise<{ conversationId: string; fromClient: string; fromProvider: string }> {
  const db = app.database.db;
  const [conversation] = await db
    .insert(conversations)
    .values({ clientId: client.id, providerId: provider.providerId!, providerUserId: provider.id })
    .returning({ id: conversations.id });
  const [fromClient, fromProvider] = await db
    .insert(messages)
    .values([
      { conversationId: conversation!.id, senderId: client.id, body: bodies.fromClient },
      { conversationId: conversation!.id, senderId: provider.id, body: bodies.fromProvider },
    ])
    .returning({ id: messages.id });
  return {
    conversationId: conversation!.id,
    fromClient: fromClient!.id,
    fromProvider: fromProvider!.id,
  };
}
