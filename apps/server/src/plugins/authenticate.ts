import type { AccountRole } from '@slotwise/shared/enums';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ForbiddenError, UnauthenticatedError } from '../errors';
import type { AuthContext } from './tokens';

/** The bearer token of a request, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * onRequest hook: who is asking (401), then whether their role may (403) — both before the
 * body is parsed or validated, so the docs/product.md §10.4 order of checks holds on every endpoint.
 */
export function authenticated(...roles: AccountRole[]): onRequestAsyncHookHandler {
  return async function authenticate(request) {
    const token = bearerToken(request);
    if (!token) throw new UnauthenticatedError();
    request.auth = await request.server.tokens.verify(token);
    if (roles.length > 0 && !roles.includes(request.auth.role)) {
      throw new ForbiddenError(`Only ${roles.join(' or ')} accounts can do this`);
    }
  };
}

/** The caller of a route guarded by `authenticated()`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthenticatedError();
  return request.auth;
}

/** The caller's provider id (routes guarded by `authenticated('provider')`). */
export function providerIdOf(request: FastifyRequest): string {
  const auth = authOf(request);
  if (!auth.providerId) throw new ForbiddenError('Only provider accounts can do this');
  return auth.providerId;
}

/**
 * onRequest hook of public routes: anonymous callers pass (auth stays null); a token, if sent,
 * is checked exactly as `authenticated()` checks it (an invalid or revoked one is a 401, so a
 * client never silently browses signed out).
 */
export function optionallyAuthenticated(): onRequestAsyncHookHandler {
  return async function authenticateIfToken(request) {
    if (request.headers.authorization === undefined) return;
    const token = bearerToken(request);
    if (!token) throw new UnauthenticatedError();
    request.auth = await request.server.tokens.verify(token);
  };
}
