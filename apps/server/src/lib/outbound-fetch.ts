import { assertUrlAllowed } from './outbound-url';

/**
 * A GET to an address a user gave (docs/decisions/071-calendar-sync.md): every hop checked
 * against private networks (redirects are followed by hand, at most 5), cut off after
 * `timeoutMs` or beyond `maxBytes`. Answers the final status, headers and body text.
 */
export interface OutboundOptions {
  /** Private addresses allowed: all (`true`), none, or those the predicate accepts. */
  allowPrivate: boolean | ((url: URL) => boolean);
  headers?: Record<string, string>;
  maxBytes?: number;
  timeoutMs?: number;
}

export interface OutboundAnswer {
  status: number;
  headers: Headers;
  body: string;
}

export class OutboundLimitError extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function outboundGet(url: string, options: OutboundOptions): Promise<OutboundAnswer> {
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
  // One deadline for the whole exchange: every hop and the reading of the body.
  const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  let current = (await assertUrlAllowed(url, options.allowPrivate)).toString();
  for (let hop = 0; hop <= 5; hop++) {
    const response = await fetch(current, {
      headers: { 'user-agent': 'Slotwise calendar sync', ...options.headers },
      redirect: 'manual',
      signal,
    });
    if (REDIRECTS.has(response.status)) {
      const location = response.headers.get('location');
      await response.body?.cancel();
      if (!location) throw new OutboundLimitError('redirect without a location');
      current = (
        await assertUrlAllowed(new URL(location, current).toString(), options.allowPrivate)
      ).toString();
      continue;
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > maxBytes) {
      await response.body?.cancel();
      throw new OutboundLimitError('response too large');
    }
    return {
      status: response.status,
      headers: response.headers,
      body: await readCapped(response, maxBytes),
    };
  }
  throw new OutboundLimitError('too many redirects');
}

/** A response's body text, or `tooLarge()` thrown once it passes `maxBytes` (the rest unread). */
export async function readCapped(
  response: Response,
  maxBytes: number,
  tooLarge: () => Error = () => new OutboundLimitError('response too large'),
): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A POST to an address a user's browser gave (a web push endpoint, docs/decisions/073-phones.md):
 * the address checked against private networks, redirects not followed (a push service answers
 * directly), cut off after `timeoutMs`. Answers the status, headers and at most `maxBytes` of text.
 */
export async function outboundPost(
  url: string,
  request: { headers: Record<string, string>; body: Uint8Array<ArrayBuffer> | null },
  options: OutboundOptions,
): Promise<OutboundAnswer> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const target = await assertUrlAllowed(url, options.allowPrivate);
  const response = await fetch(target, {
    method: 'POST',
    headers: { 'user-agent': 'Slotwise', ...request.headers },
    body: request.body,
    redirect: 'manual',
    signal,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: await readCapped(response, options.maxBytes ?? 64 * 1024).catch(() => ''),
  };
}
