import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';

/** The secret every bench process gets as JWT_SECRET. */
export const BENCH_JWT_SECRET = 'slotwise-bench-secret-0123456789-abcdefghijklmnop';
const secret = new TextEncoder().encode(BENCH_JWT_SECRET);

/**
 * A token exactly like the server's TokenService issues at login (HS256, issuer 'slotwise',
 * claims userId/role/providerId, jti, exp): seeded users need no 500 logins.
 */
export function mintToken(claims: {
  userId: string;
  role: 'client' | 'provider' | 'admin';
  providerId: string | null;
}): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('slotwise')
    .setSubject(claims.userId)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(secret);
}
