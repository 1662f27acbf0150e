import type { Expected } from './authorization-matrix';

/** What each identity gets from a route (the authorization table). */

/** The same status whoever asks (public endpoints: a token, valid or not, changes nothing). */
export const everyone = (status: number): Expected => ({
  anonymous: status,
  garbage: status,
  expired: status,
  revoked: status,
  owner: status,
  otherClient: status,
  otherProvider: status,
  wrongRole: status,
});

/**
 * Public, but a token that is sent must be valid (docs/product.md §11.2 discovery): anonymous
 * callers get `status`, a garbage, expired or revoked token a 401, like everywhere else.
 */
export const anyoneTokenChecked = (status: number): Expected => ({
  ...everyone(status),
  garbage: 401,
  expired: 401,
  revoked: 401,
});

/** Needs a valid token (401 otherwise); `others` overrides what non-owners get. */
export const signedIn = (
  owner: number,
  others: Partial<Pick<Expected, 'otherClient' | 'otherProvider' | 'wrongRole'>> = {},
): Expected => ({
  anonymous: 401,
  garbage: 401,
  expired: 401,
  revoked: 401,
  owner,
  otherClient: owner,
  otherProvider: owner,
  wrongRole: owner,
  ...others,
});

/** A client's own resource: another client gets 404 (never reveal), providers 403. */
export const clientsOwn = (status: number) =>
  signedIn(status, { otherClient: 404, otherProvider: 403, wrongRole: 403 });
/** Client-only, not about one resource (lists, booking a free slot). */
export const clientsOnly = (status: number) =>
  signedIn(status, { otherProvider: 403, wrongRole: 403 });
/** A provider's own resource: another provider gets 404, clients 403. */
export const providersOwn = (status: number) =>
  signedIn(status, { otherProvider: 404, otherClient: 403, wrongRole: 403 });
/** Provider-only, not about one resource. */
export const providersOnly = (status: number) =>
  signedIn(status, { otherClient: 403, wrongRole: 403 });
/**
 * Operators only (docs/decisions/072): clients and providers get 403 (rows with owner 'admin';
 * wrongRole is the world's client).
 */
export const adminsOnly = (status: number) =>
  signedIn(status, { otherClient: 403, otherProvider: 403, wrongRole: 403 });
