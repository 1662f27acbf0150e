import { readCapped } from '../../lib/outbound-fetch';
import { assertUrlAllowed, UrlNotAllowedError } from '../../lib/outbound-url';
import { CalendarReadError } from './source';

/**
 * HTTP to a CalDAV server a provider gave (docs/decisions/071-calendar-sync.md): a `fetch` for
 * tsdav (caldav-source.ts) and for the writer (caldav-writer.ts) alike. Every hop's address is
 * checked against private networks (lib/outbound-url.ts; redirects are followed by hand, at most
 * 5, keeping the method and body except after a 303); each request is cut off after 10 s and
 * answers beyond 10 MB are refused. Failures throw CalendarReadError in words a provider
 * understands (stored as the connection's last error).
 */
export interface CaldavHttpOptions {
  allowPrivateUrls: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

export type CaldavFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 204, 205, 304]);

export const PRIVATE_ADDRESS_TEXT =
  'This address points inside a private network and cannot be used';

/** `Basic …` for a user name and password. */
export function basicAuth(username: string | null, password: string | null) {
  return `Basic ${Buffer.from(`${username ?? ''}:${password ?? ''}`).toString('base64')}`;
}

/** Why a request never got an answer, in words. */
export function unreachableText(error: unknown, timeoutMs: number): string {
  if (error instanceof UrlNotAllowedError) return PRIVATE_ADDRESS_TEXT;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `The CalDAV server took longer than ${Math.round(timeoutMs / 1000)} seconds to answer`;
  }
  const code =
    error instanceof Error && error.cause && typeof error.cause === 'object'
      ? String((error.cause as { code?: unknown }).code ?? '')
      : '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return 'The CalDAV server could not be reached: its name was not found';
  }
  if (code === 'ECONNREFUSED') {
    return 'The CalDAV server could not be reached: it refused the connection';
  }
  return 'The CalDAV server could not be reached';
}

/** What an HTTP status from a CalDAV server means for the provider, or null when it is fine. */
export function statusText(status: number, doing: string): string {
  if (status === 401 || status === 403) {
    return `The CalDAV server refused the user name or password (HTTP ${status})`;
  }
  if (status === 404) return `There is no calendar at this address (HTTP 404)`;
  return `The CalDAV server answered HTTP ${status} when ${doing}`;
}

/**
 * A fetch that checks every hop's address, follows redirects by hand and caps time and size.
 * The answer it gives is already read (a fresh Response over the text), so callers may read it.
 */
export function guardedFetch(options: CaldavHttpOptions): CaldavFetch {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
  return async (input, init = {}) => {
    const signal = AbortSignal.timeout(timeoutMs);
    let url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body;
    try {
      for (let hop = 0; hop <= 5; hop++) {
        const checked = await assertUrlAllowed(url, options.allowPrivateUrls);
        const response = await fetch(checked, {
          ...init,
          method,
          body,
          redirect: 'manual',
          signal,
        });
        if (REDIRECTS.has(response.status)) {
          const location = response.headers.get('location');
          await response.body?.cancel();
          if (!location) throw new CalendarReadError('The CalDAV server redirected nowhere');
          url = new URL(location, checked).toString();
          if (response.status === 303) {
            method = 'GET';
            body = undefined;
          }
          continue;
        }
        const declared = Number(response.headers.get('content-length') ?? '0');
        if (declared > maxBytes) {
          await response.body?.cancel();
          throw tooLarge();
        }
        const text = await readCapped(response, maxBytes, tooLarge);
        return new Response(NULL_BODY.has(response.status) ? null : text, {
          status: response.status,
          statusText: response.statusText,
          headers: response.headers,
        });
      }
    } catch (error) {
      if (error instanceof CalendarReadError) throw error;
      throw new CalendarReadError(unreachableText(error, timeoutMs));
    }
    throw new CalendarReadError('The CalDAV server redirected more than 5 times');
  };
}

const tooLarge = () => new CalendarReadError('The CalDAV server answered more than 10 MB');
