import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A browser's side of web push for tests (docs/product.md §20.2): a local push service that
 * records every POST it gets (and answers what the test says), and a subscription's key pair
 * that decrypts what was pushed (RFC 8291 / RFC 8188, aes128gcm) with node:crypto alone.
 */

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushEndpoint {
  /** `http://127.0.0.1:<port>/<path>`: an endpoint to subscribe. */
  url(path: string): string;
  received: ReceivedPush[];
  /** What a path answers from now on (default 201). */
  answer(path: string, status: number): void;
  /** The next push to a path, or a rejection after `timeoutMs`. */
  next(path: string, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const waiting: { path: string; resolve: (push: ReceivedPush) => void }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').slice(1);
      const push = { path, headers: request.headers, body: Buffer.concat(chunks) };
      received.push(push);
      for (const waiter of waiting.filter((w) => w.path === path)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(push);
      }
      response.statusCode = answers.get(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}/${path}`,
    received,
    answer: (path, status) => answers.set(path, status),
    next: (path, timeoutMs = 5_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no push to ${path}`)), timeoutMs);
        waiting.push({
          path,
          resolve: (push) => {
            clearTimeout(timer);
            resolve(push);
          },
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface BrowserKeys {
  /** What the browser's PushSubscription.toJSON() gives as `keys`. */
  keys: { p256dh: string; auth: string };
  /** The plaintext of an aes128gcm body pushed to this subscription. */
  decrypt(body: Buffer): string;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
    decrypt(body) {
      // Header (RFC 8188 §2.1): salt(16) | record size(4) | idlen(1) | keyid (the sender's key).
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
      );
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      return padded.subarray(0, end).toString('utf8');
    },
  };
}
