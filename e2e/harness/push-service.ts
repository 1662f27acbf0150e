import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service for the browser tests (docs/product.md §20.2): headless Chromium has no route to
 * its own (FCM), so a test subscribes an endpoint served here with keys it holds, receives what
 * the server pushes, and decrypts it (RFC 8291 / RFC 8188 aes128gcm, node:crypto alone).
 */
export interface LocalPushService {
  /** `http://127.0.0.1:<port>/<name>`: an endpoint to subscribe. */
  endpoint(name: string): string;
  /** The body of the next push to `name` (or one already received). */
  next(name: string, timeoutMs?: number): Promise<Buffer>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<LocalPushService> {
  const received = new Map<string, Buffer[]>();
  const waiting = new Map<string, (body: Buffer) => void>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const name = (request.url ?? '/').slice(1);
      const body = Buffer.concat(chunks);
      const waiter = waiting.get(name);
      if (waiter) {
        waiting.delete(name);
        waiter(body);
      } else received.set(name, [...(received.get(name) ?? []), body]);
      response.statusCode = 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: (name) => `http://127.0.0.1:${port}/${name}`,
    next: (name, timeoutMs = 20_000) => {
      const early = received.get(name)?.shift();
      if (early) return Promise.resolve(early);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no push to ${name}`)), timeoutMs);
        waiting.set(name, (body) => {
          clearTimeout(timer);
          resolve(body);
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A subscription's keys as a browser holds them, and the decryption of what it is sent. */
export function subscriptionKeys() {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
    decrypt(body: Buffer): string {
      // Header (RFC 8188 §2.1): salt(16) | record size(4) | idlen(1) | keyid (the sender's key).
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
      const derive = (info: string, length: number) =>
        Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from(info), length));
      const decipher = createDecipheriv(
        'aes-128-gcm',
        derive('Content-Encoding: aes128gcm\0', 16),
        derive('Content-Encoding: nonce\0', 12),
      );
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
