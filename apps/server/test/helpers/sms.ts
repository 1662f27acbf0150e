import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { asUser } from './requests';

/** What the SMS outbox holds (DATA_DIR/outbox-sms/, docs/product.md §20.3), oldest first. */
export async function outboxTexts(dataDir: string): Promise<{ to: string; body: string }[]> {
  const dir = path.join(dataDir, 'outbox-sms');
  const names = (await fs.readdir(dir).catch(() => [] as string[])).sort();
  return Promise.all(
    names.map(async (name) => {
      const text = await fs.readFile(path.join(dir, name), 'utf8');
      const [head, ...rest] = text.split('\n\n');
      return { to: head!.replace(/^To: /, ''), body: rest.join('\n\n').trim() };
    }),
  );
}

/** The last code texted to a number, from the outbox. */
export async function lastCodeTo(dataDir: string, phone: string): Promise<string> {
  const texts = (await outboxTexts(dataDir)).filter((t) => t.to === phone);
  const code = /code is (\d{6})/.exec(texts.at(-1)?.body ?? '')?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  return code;
}

/** Sets and confirms a user's number through the API (the code read from the outbox). */
export async function confirmNumber(
  app: FastifyInstance,
  dataDir: string,
  user: { headers: Record<string, string> },
  phone: string,
): Promise<void> {
  const set = await asUser(app, user).patch('/api/profile/phone', { phone });
  if (set.statusCode !== 200) throw new Error(`phone not set: ${set.body}`);
  await app.jobs.runDue(new Date());
  const code = await lastCodeTo(dataDir, phone);
  const confirmed = await asUser(app, user).post('/api/profile/phone/confirm', { code });
  if (confirmed.statusCode !== 200) throw new Error(`phone not confirmed: ${confirmed.body}`);
}

export interface FakeTwilioRequest {
  url: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

/** A local stand-in for Twilio's Messages API: keeps each request, answers `status` (201). */
export async function startFakeTwilio() {
  const requests: FakeTwilioRequest[] = [];
  const state = { status: 201 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        url: request.url ?? '',
        authorization: request.headers.authorization,
        form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      });
      response.writeHead(state.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ sid: `SM${requests.length.toString().padStart(32, '0')}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
