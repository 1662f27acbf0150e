import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { createClient, issueToken } from '../../../test/helpers/factories';

/**
 * A client's parallel requests with a token this instance has not checked yet (a page's
 * queries, a client's bookings in a rush) check its signature once (tokens.ts: the check is
 * synchronous, so the first request checks it and the others find it known).
 */
type Checked = { check: (token: string) => unknown };
describe('signature checks of a new token', () => {
  const t = useTestApp();
  afterEach(() => vi.restoreAllMocks());

  const profileWith = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { authorization: `Bearer ${token}` },
    });
  const inParallel = (token: string, count: number) =>
    Promise.all(Array.from({ length: count }, () => profileWith(token)));

  it('eight parallel requests with one new token check its signature once, and all are answered', async () => {
    const client = await createClient(t.app);
    const token = await issueToken(t.app, client);
    const verify = vi.spyOn(t.app.tokens as unknown as Checked, 'check');
    const answers = await inParallel(token, 8);
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.every((res) => res.json().profile?.email === client.email)).toBe(true);
    expect(verify).toHaveBeenCalledTimes(1);
    // Checked once, it is known: later requests check nothing.
    expect((await profileWith(token)).statusCode).toBe(200);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('a forged token is refused to every parallel request, and never remembered', async () => {
    const client = await createClient(t.app);
    const [header, payload, signature] = client.token.split('.') as [string, string, string];
    const forged = `${header}.${payload}.${signature.slice(0, -4)}AAAA`;
    const verify = vi.spyOn(t.app.tokens as unknown as Checked, 'check');
    const answers = await inParallel(forged, 4);
    expect(answers.map((res) => res.statusCode)).toEqual(Array(4).fill(401));
    // A refusal is not remembered: each request checks again (and is refused again).
    expect(verify).toHaveBeenCalledTimes(4);
    expect((await profileWith(forged)).statusCode).toBe(401);
    expect(verify).toHaveBeenCalledTimes(5);
  });
});
