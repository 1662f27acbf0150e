import http from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { DATASET } from '../dataset';
import { clientUserId, providerId, providerUserId } from '../ids';
import { mintToken } from '../tokens';

export interface MessagesResult {
  sockets: number;
  connected: number;
  messages: number;
  concurrency: number;
  delivered: number;
  /**
   * The message's statement began (its created_at = now() of the one statement that touches the
   * conversation, inserts the message and commits) → new_message received by the provider's
   * socket, ms (wall clocks of the same machine): the method of the real-time scenario.
   */
  p50: number;
  p99: number;
  max: number;
  /** Message request sent → new_message received, ms (an upper bound of the above). */
  sentToEventP50: number;
  sentToEventP99: number;
  /** A conversation of this many messages… */
  historyMessages: number;
  /** …read page by page (limit 50) from the newest to the oldest, this many pages in all. */
  historyPages: number;
  historyP50: number;
  historyP99: number;
  /** Every message came back exactly once while following nextCursor. */
  historyComplete: boolean;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pooled<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

function request(
  agent: http.Agent,
  url: string,
  method: 'GET' | 'POST',
  token: string,
  body?: unknown,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload
            ? {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
              }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * `sockets` providers connected over socket.io; `messages` clients each open a conversation with
 * one of them (distinct providers) and write one message, `concurrency` in flight; each
 * provider's socket times its new_message. Then one conversation is filled with
 * `historyMessages` messages and read from the newest page to the oldest, three times.
 */
export async function runMessages(
  baseUrl: string,
  options: { sockets: number; messages: number; concurrency: number; historyMessages: number },
): Promise<MessagesResult> {
  const first = DATASET.firstRealtimeProvider;
  const count = options.sockets;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const providerTokens = await Promise.all(
    Array.from({ length: count }, (_, n) =>
      mintToken({
        userId: providerUserId(first + n),
        role: 'provider',
        providerId: providerId(first + n),
      }),
    ),
  );
  const clientTokens = await Promise.all(
    Array.from({ length: 500 }, (_, c) =>
      mintToken({ userId: clientUserId(1 + c), role: 'client', providerId: null }),
    ),
  );

  const sockets: Socket[] = [];
  /** message id → wall-clock arrival, and the waiter of a message not arrived yet. */
  const arrivalWall = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  await pooled(providerTokens, 200, async (token) => {
    const socket = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      forceNew: true,
      reconnection: false,
      timeout: 30_000,
    });
    socket.on('new_message', ({ message }: { message: { id: string } }) => {
      arrivalWall.set(message.id, Date.now());
      waiting.get(message.id)?.();
    });
    const ok = await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true));
      socket.once('connect_error', () => resolve(false));
    });
    if (ok) sockets.push(socket);
    else socket.close();
  });
  await sleep(2_000);

  const spread = Math.max(1, Math.floor(sockets.length / options.messages));
  const commitToEvent: number[] = [];
  const sentToEvent: number[] = [];
  let failed = 0;
  let firstFailure = '';
  await pooled(
    Array.from({ length: options.messages }, (_, n) => n),
    options.concurrency,
    async (n) => {
      const provider = first + ((n * spread) % count);
      const token = clientTokens[n % clientTokens.length]!;
      const opened = await request(agent, `${baseUrl}/api/conversations`, 'POST', token, {
        providerId: providerId(provider),
      });
      if (opened.status !== 200 && opened.status !== 201) {
        failed++;
        firstFailure ||= `open ${opened.status} ${opened.body.slice(0, 200)}`;
        return;
      }
      const { conversation } = JSON.parse(opened.body) as { conversation: { id: string } };
      const started = performance.now();
      const sent = await request(
        agent,
        `${baseUrl}/api/conversations/${conversation.id}/messages`,
        'POST',
        token,
        { body: `Bench message ${n}: running 10 minutes late` },
      );
      if (sent.status !== 201) {
        failed++;
        firstFailure ||= `send ${sent.status} ${sent.body.slice(0, 200)}`;
        return;
      }
      const { message } = JSON.parse(sent.body) as {
        message: { id: string; created_at: string };
      };
      if (!arrivalWall.has(message.id)) {
        await Promise.race([
          new Promise<void>((resolve) => waiting.set(message.id, resolve)),
          sleep(10_000),
        ]);
      }
      const arrived = arrivalWall.get(message.id);
      if (arrived === undefined) return;
      sentToEvent.push(performance.now() - started);
      commitToEvent.push(arrived - Date.parse(message.created_at));
    },
  );
  for (const socket of sockets) socket.close();
  if (failed > 0) throw new Error(`${failed} messages failed: ${firstFailure}`);

  // History: one conversation of `historyMessages` messages (client 1 and the first provider).
  const historyClient = clientTokens[0]!;
  const opened = await request(agent, `${baseUrl}/api/conversations`, 'POST', historyClient, {
    providerId: providerId(first),
  });
  const { conversation } = JSON.parse(opened.body) as { conversation: { id: string } };
  const messagesUrl = `${baseUrl}/api/conversations/${conversation.id}/messages`;
  const existing = JSON.parse(
    (await request(agent, `${messagesUrl}?limit=50`, 'GET', historyClient)).body,
  ) as { messages: unknown[]; nextCursor: string | null };
  const already = existing.nextCursor ? options.historyMessages : existing.messages.length;
  await pooled(
    Array.from({ length: Math.max(0, options.historyMessages - already) }, (_, n) => n),
    options.concurrency,
    async (n) => {
      const res = await request(agent, messagesUrl, 'POST', historyClient, {
        body: `History ${n}`,
      });
      if (res.status !== 201) throw new Error(`history: ${res.status} ${res.body.slice(0, 200)}`);
    },
  );

  const pageLatencies: number[] = [];
  let historyComplete = true;
  let historyPages = 0;
  for (let round = 0; round < 3; round++) {
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const url: string = cursor
        ? `${messagesUrl}?limit=50&cursor=${cursor}`
        : `${messagesUrl}?limit=50`;
      const started = performance.now();
      const res = await request(agent, url, 'GET', providerTokens[0]!);
      pageLatencies.push(performance.now() - started);
      historyPages++;
      const page = JSON.parse(res.body) as {
        messages: { id: string }[];
        nextCursor: string | null;
      };
      for (const m of page.messages) {
        if (seen.has(m.id)) historyComplete = false;
        seen.add(m.id);
      }
      cursor = page.nextCursor;
    } while (cursor);
    if (seen.size < options.historyMessages) historyComplete = false;
  }
  agent.destroy();

  return {
    sockets: count,
    connected: sockets.length,
    messages: options.messages,
    concurrency: options.concurrency,
    delivered: commitToEvent.length,
    p50: percentile(commitToEvent, 50),
    p99: percentile(commitToEvent, 99),
    max: percentile(commitToEvent, 100),
    sentToEventP50: percentile(sentToEvent, 50),
    sentToEventP99: percentile(sentToEvent, 99),
    historyMessages: options.historyMessages,
    historyPages,
    historyP50: percentile(pageLatencies, 50),
    historyP99: percentile(pageLatencies, 99),
    historyComplete,
  };
}
