import type { FastifyInstance } from 'fastify';
import type { TestUser } from '../helpers/factories';
import { asUser } from '../helpers/requests';

/** The world's conversation: opened by the client, one message each way (messages module). */
export async function openConversationWithMessages(
  app: FastifyInstance,
  client: TestUser,
  provider: TestUser,
): Promise<string> {
  const opened = await asUser(app, client).post('/api/conversations', {
    providerId: provider.providerId,
  });
  if (opened.statusCode !== 201) throw new Error(`world: conversation failed ${opened.body}`);
  const id = opened.json().conversation.id as string;
  for (const [user, body] of [
    [client, 'Can you bring a ladder?'],
    [provider, 'Yes, see you then.'],
  ] as const) {
    const sent = await asUser(app, user).post(`/api/conversations/${id}/messages`, { body });
    if (sent.statusCode !== 201) throw new Error(`world: message failed ${sent.body}`);
  }
  return id;
}
