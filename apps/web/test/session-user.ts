import type { SessionUser } from '@slotwise/shared/accounts-types';
import type { Role } from '../src/lib/session';
import { saveSession } from '../src/lib/session';
import { epochSeconds, makeToken } from './make-token';

/** A stored user: `${role}-1`, Ada Lovelace, provider-1 for a provider, unless overridden. */
export function userOf(role: Role, overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: `${role}-1`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    role,
    profileImageUrl: null,
    providerId: role === 'provider' ? 'provider-1' : null,
    ...overrides,
  };
}

/** The token the server would issue to `user` (valid for an hour unless `exp` says otherwise). */
export function tokenOf(
  user: Pick<SessionUser, 'id' | 'role' | 'providerId'>,
  exp = epochSeconds(3600),
): string {
  return makeToken({ userId: user.id, role: user.role, providerId: user.providerId, exp });
}

/** Signs in as `user` (token + stored user, as the login screen leaves them); returns the token. */
export function signInUser(user: SessionUser): string {
  const token = tokenOf(user);
  saveSession(token, user);
  return token;
}
