import { useSearchParams } from 'react-router';

/**
 * The `next` parameter of /login, /register and /email-verification: where a signed-out visitor
 * was going (e.g. `/providers/<id>?slot=<slot id>`), carried through sign-in, registration and
 * email verification. Only same-origin paths are accepted, so it cannot send anyone off-site.
 */

const REMEMBERED_NEXT_KEY = 'slotwise.next';

/** `value` when it is a same-origin absolute path ('/x', never '//host', '/\\host' or a URL). */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  // Control characters (tabs, newlines) are dropped by URL parsers: '/\t/host' becomes '//host'.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** `path` with `?next=` (or `&next=`) set to `next`, or `path` alone without one. */
export function withNext(path: string, next: string | null): string {
  if (!next) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}next=${encodeURIComponent(next)}`;
}

/**
 * Kept across the verification mail: the emailed link opens /email-verification without the
 * registration's `next`, in the same browser (localStorage, not sessionStorage: a mail client
 * opens a new tab).
 */
export function rememberNext(next: string | null): void {
  try {
    if (next) window.localStorage.setItem(REMEMBERED_NEXT_KEY, next);
  } catch {
    // Storage unavailable: the visitor lands on their home after sign-in instead.
  }
}

/** The remembered `next`, if any (safe-checked again, storage is not trusted). */
export function rememberedNext(): string | null {
  try {
    return safeNextPath(window.localStorage.getItem(REMEMBERED_NEXT_KEY));
  } catch {
    return null;
  }
}

export function forgetNext(): void {
  try {
    window.localStorage.removeItem(REMEMBERED_NEXT_KEY);
  } catch {
    // Nothing to forget.
  }
}

/** This URL's `?next=`, when it is a safe same-origin path. */
export function useNextParam(): string | null {
  const [params] = useSearchParams();
  return safeNextPath(params.get('next'));
}
