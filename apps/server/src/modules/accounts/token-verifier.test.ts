import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET, useTestApp } from '../../../test/helpers/app';
import { createClient, issueToken } from '../../../test/helpers/factories';

/**
 * What the token check accepts and refuses (tokens.ts, fast-jwt since docs/decisions/062). The
 * tokens are signed here with jose, an independent implementation: the server must accept a
 * token of the shape it issues and refuse every token that is not exactly that.
 */
describe('the token check', () => {
  const t = useTestApp();
  const secret = new TextEncoder().encode(TEST_JWT_SECRET);
  const now = () => Math.floor(Date.now() / 1000);

  async function tokenFor(
    userId: string,
    options: {
      alg?: string;
      key?: Uint8Array;
      issuer?: string | null;
      exp?: number | null;
      claims?: Record<string, unknown>;
    } = {},
  ) {
    let jwt = new SignJWT({ userId, role: 'client', providerId: null, ...options.claims })
      .setProtectedHeader({ alg: options.alg ?? 'HS256' })
      .setSubject(userId)
      .setJti(randomUUID())
      .setIssuedAt();
    if (options.issuer !== null) jwt = jwt.setIssuer(options.issuer ?? 'slotwise');
    if (options.exp !== null) jwt = jwt.setExpirationTime(options.exp ?? now() + 3600);
    return jwt.sign(options.key ?? secret);
  }

  const statusWith = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/profile',
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode;

  it('accepts a token of the shape it issues, signed by another implementation', async () => {
    const client = await createClient(t.app);
    expect(await statusWith(await tokenFor(client.id))).toBe(200);
  });

  it('accepts the tokens it issues itself', async () => {
    const client = await createClient(t.app);
    const token = await issueToken(t.app, client);
    const auth = await t.app.tokens.verify(token);
    expect(auth).toMatchObject({ userId: client.id, role: 'client', providerId: null });
  });

  it('refuses another key, another algorithm, another issuer, no expiry, an expired one and a changed payload', async () => {
    const client = await createClient(t.app);
    const otherKey = new TextEncoder().encode('another-secret-that-is-at-least-32-characters');
    const expired = await tokenFor(client.id, { exp: now() - 60 });
    const valid = await tokenFor(client.id);
    const [header, , signature] = valid.split('.') as [string, string, string];
    const asProvider = Buffer.from(
      JSON.stringify({ userId: client.id, role: 'provider', providerId: randomUUID() }),
    ).toString('base64url');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${valid.split('.')[1]}.`;

    const refused = {
      otherKey: await tokenFor(client.id, { key: otherKey }),
      hs512: await tokenFor(client.id, { alg: 'HS512' }),
      otherIssuer: await tokenFor(client.id, { issuer: 'evil' }),
      noIssuer: await tokenFor(client.id, { issuer: null }),
      noExpiry: await tokenFor(client.id, { exp: null }),
      expired,
      changedPayload: `${header}.${asProvider}.${signature}`,
      unsigned,
    };
    for (const [name, token] of Object.entries(refused)) {
      expect({ name, status: await statusWith(token) }).toEqual({ name, status: 401 });
    }
  });
});
