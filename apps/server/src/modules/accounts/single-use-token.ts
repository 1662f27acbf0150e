import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';

/** How a single-use token is stored and looked up: its SHA-256, never the token itself. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A fresh single-use token (256 bits) for a mailed link, and the row fields that store it: its
 * hash and an expiry `ttlMs` from now (database time).
 */
export function newSingleUseToken(ttlMs: number) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    stored: {
      tokenHash: hashToken(token),
      expiresAt: sql`now() + make_interval(secs => ${ttlMs / 1000})`,
    },
  };
}
