import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { conversations, messages, providers, users } from '../db/schema';

/**
 * Demo conversations (messages module): the demo client and the demo provider talk about a
 * booking (the provider's last answer is unread, so the client's badge shows 1), the demo client
 * has an older, read exchange with another provider, and another client has written to the demo
 * provider (unread: the provider's badge and 'Respond to Messages' show it).
 */

const MINUTE = 60_000;

interface Line {
  from: 'client' | 'provider';
  body: string;
  /** Minutes before now. */
  ago: number;
}

interface Thread {
  client: 'demo' | 'other';
  provider: 'demo' | 'other';
  /** Whether the last line still waits for its reader. */
  lastUnread: boolean;
  lines: Line[];
}

const THREADS: Thread[] = [
  {
    client: 'demo',
    provider: 'demo',
    lastUnread: true,
    lines: [
      { from: 'client', body: 'Hi Marcus! Is there parking near the shop?', ago: 26 * 60 },
      {
        from: 'provider',
        body: 'Hi! Yes, there is a free lot right behind the building.',
        ago: 25 * 60,
      },
      { from: 'client', body: 'Great, thanks. Could we also do a quick beard trim?', ago: 50 },
      {
        from: 'provider',
        body: 'Sure, I will keep ten extra minutes for it. See you soon!',
        ago: 12,
      },
    ],
  },
  {
    client: 'demo',
    provider: 'other',
    lastUnread: false,
    lines: [
      { from: 'client', body: 'Do I need to bring anything for the session?', ago: 3 * 24 * 60 },
      { from: 'provider', body: 'Nothing at all, just come as you are.', ago: 3 * 24 * 60 - 20 },
    ],
  },
  {
    client: 'other',
    provider: 'demo',
    lastUnread: true,
    lines: [
      {
        from: 'client',
        body: 'Hello, I am running about 10 minutes late today, sorry!',
        ago: 35,
      },
    ],
  },
];

export async function seedDemoMessages(
  tx: Tx,
  options: { clientEmail: string; providerEmail: string; now: Date },
): Promise<number> {
  const person = async (email: string) => {
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    return row?.id;
  };
  const demoClient = await person(options.clientEmail);
  const demoProviderUser = await person(options.providerEmail);
  const [otherClient] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'client'), ne(users.email, options.clientEmail)))
    .orderBy(asc(users.email))
    .limit(1);
  const providerRows = await tx
    .select({ id: providers.id, userId: providers.userId })
    .from(providers)
    .orderBy(asc(providers.createdAt), asc(providers.id));
  const demoProvider = providerRows.find((p) => p.userId === demoProviderUser);
  const otherProvider = providerRows.find((p) => p.userId !== demoProviderUser);
  if (!demoClient || !demoProvider || !otherClient || !otherProvider) return 0;

  let count = 0;
  for (const thread of THREADS) {
    const clientId = thread.client === 'demo' ? demoClient : otherClient.id;
    const provider = thread.provider === 'demo' ? demoProvider : otherProvider;
    const at = (line: Line) => new Date(options.now.getTime() - line.ago * MINUTE);
    const last = thread.lines[thread.lines.length - 1]!;
    const [conversation] = await tx
      .insert(conversations)
      .values({
        clientId,
        providerId: provider.id,
        providerUserId: provider.userId,
        createdAt: at(thread.lines[0]!),
        lastActivityAt: at(last),
      })
      .returning({ id: conversations.id });
    await tx.insert(messages).values(
      thread.lines.map((line) => ({
        conversationId: conversation!.id,
        senderId: line.from === 'client' ? clientId : provider.userId,
        body: line.body,
        createdAt: at(line),
        readAt:
          line === last && thread.lastUnread ? null : new Date(at(line).getTime() + 5 * MINUTE),
      })),
    );
    count += thread.lines.length;
  }
  return count;
}
