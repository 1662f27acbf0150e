/**
 * Navigation state set by the route guards when they send a signed-out visitor to /login:
 * `{ from: '/client/appointments?x=1#y' }` (pathname + search + hash of the page they wanted).
 */
export interface RedirectState {
  from: string;
}

export function toRedirectState(location: {
  pathname: string;
  search: string;
  hash: string;
}): RedirectState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/**
 * The `from` path in a location state, or null. Only same-site absolute paths are returned
 * ('/x', never '//host' or 'https://…'), so the value is safe to navigate to after login.
 */
export function readRedirectFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  if (from.startsWith('/\\')) return null;
  return from;
}
