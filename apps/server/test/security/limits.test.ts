import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH } from '../../src/plugins/request-limits';
import { createTestApp, type TestApp } from '../helpers/app';
import { createClient, createProvider } from '../helpers/factories';
import { multipart, png } from '../helpers/images';
import { connectSocket } from '../helpers/sockets';
import { expectErrorBody } from './assertions';

/** Body, upload, URL and rate limits; security headers; CORS; cookies. */

const registration = () => ({
  firstName: 'Lim',
  lastName: 'Its',
  email: `limits-${randomUUID().slice(0, 8)}@example.test`,
  password: 'Secret123',
});

/** CSP directives by name. */
function cspOf(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header, 'Content-Security-Policy header').toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

function expectStrictScripts(csp: Map<string, string[]>) {
  for (const name of ['script-src', 'default-src']) {
    const values = csp.get(name) ?? [];
    expect(values, name).not.toContain("'unsafe-inline'");
    expect(values, name).not.toContain("'unsafe-eval'");
    expect(values, name).not.toContain('*');
    expect(values, name).not.toContain('data:');
  }
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
}

const preflight = (origin: string): InjectOptions => ({
  method: 'OPTIONS',
  url: '/api/profile',
  headers: {
    origin,
    'access-control-request-method': 'GET',
    'access-control-request-headers': 'authorization',
  },
});

describe('limits, headers, CORS and cookies', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'slotwise-web-'));
    await fs.writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Slotwise</title><script type="module" src="/assets/app.js"></script>',
    );
    t = await createTestApp({ WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  const send = async (options: InjectOptions, status: number) => {
    const res = await t.app.inject(options);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
    if (status >= 400) expectErrorBody(res, `${options.method} ${options.url}`);
    return res;
  };

  describe('request size', () => {
    it('a JSON body over 100 KB is 413 with the error body; just under it is read', async () => {
      const big = await send(
        {
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'a@example.test', password: 'x'.repeat(101 * 1024) },
        },
        413,
      );
      expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
      // 99 KB parses, then fails validation like any other bad body.
      await send(
        {
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'a@example.test', password: 'x'.repeat(99 * 1024) },
        },
        400,
      );
    });

    it('a picture over 5 MB is 413 and creates no account', async () => {
      const body = registration();
      const huge = Buffer.concat([await png(8, 8), Buffer.alloc(5 * 1024 * 1024 + 1)]);
      const res = await send(
        {
          method: 'POST',
          url: '/api/auth/register',
          payload: multipart(body, { name: 'big.png', data: huge, type: 'image/png' }),
        },
        413,
      );
      expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: body.email, password: body.password },
      });
      expect(login.statusCode).toBe(401);
    });

    it('two files in one form are refused (413), and so is a file under another field name (400)', async () => {
      const form = multipart(registration(), {
        name: 'a.png',
        data: await png(),
        type: 'image/png',
      });
      form.append('profilePic', new Blob([await png()], { type: 'image/png' }), 'b.png');
      await send({ method: 'POST', url: '/api/auth/register', payload: form }, 413);

      const other = multipart(registration(), {
        name: 'a.png',
        data: await png(),
        type: 'image/png',
        field: 'avatar',
      });
      const res = await send({ method: 'POST', url: '/api/auth/register', payload: other }, 400);
      expect(res.json().fieldErrors).toHaveProperty('avatar');
    });

    it('a form with more than 20 fields is 413', async () => {
      const fields: Record<string, string> = registration();
      for (let i = 0; i < 20; i++) fields[`extra${i}`] = 'x';
      await send({ method: 'POST', url: '/api/auth/register', payload: multipart(fields) }, 413);
    });

    it(`a URL over ${MAX_URL_LENGTH} characters is 414; a path parameter over 200 is 414 too`, async () => {
      const client = await createClient(t.app);
      const longQuery = `/api/search/providers?q=${'a'.repeat(MAX_URL_LENGTH)}`;
      await send({ method: 'GET', url: longQuery, headers: client.headers }, 414);
      // Under the limit the query is read and judged on its own rules (q ≤ 100 characters).
      await send(
        {
          method: 'GET',
          url: `/api/search/providers?q=${'a'.repeat(1000)}`,
          headers: client.headers,
        },
        400,
      );
      await send(
        {
          method: 'GET',
          url: `/api/profile/providers/${'a'.repeat(300)}`,
          headers: client.headers,
        },
        414,
      );
      // Even anonymous, even on unknown routes: refused before anything else.
      await send({ method: 'GET', url: `/nowhere?${'x'.repeat(MAX_URL_LENGTH)}` }, 414);
    });

    it('undecodable percent-encoding in the path is a 400 with the error body', async () => {
      await send({ method: 'GET', url: '/api/profile/providers/%zz' }, 400);
    });

    it('a socket frame over 10 KB closes that socket, and the server keeps serving', async () => {
      const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const client = await createClient(t.app);
      const socket = await connectSocket(baseUrl, { token: client.token });
      const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));
      socket.emit('watch_provider', 'x'.repeat(20_000));
      expect(await closed).toMatch(/transport (close|error)/);
      const again = await connectSocket(baseUrl, { token: client.token });
      expect(await again.emitWithAck('watch_provider', 'nope')).toEqual({ ok: false });
      again.close();
    });
  });

  describe('security headers', () => {
    it('API answers carry a strict CSP and the usual hardening headers', async () => {
      for (const url of ['/api/health', '/api/nowhere', '/api/profile']) {
        const res = await t.app.inject({ method: 'GET', url });
        const csp = cspOf(res.headers['content-security-policy']);
        expectStrictScripts(csp);
        expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
        expect(csp.get('script-src-attr')).toEqual(["'none'"]);
        expect(csp.get('base-uri')).toEqual(["'self'"]);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
        expect(res.headers['x-powered-by']).toBeUndefined();
        // Plain HTTP (PUBLIC_URL http://…): no HSTS, which would pin a site without TLS.
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('the SPA page itself is served under the same CSP (no inline script allowed)', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/client/appointments' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const csp = cspOf(res.headers['content-security-policy']);
      expectStrictScripts(csp);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
    });

    it('the API docs page allows no inline or eval’d script either', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect(res.statusCode).toBe(200);
      expectStrictScripts(cspOf(res.headers['content-security-policy']));
    });
  });

  describe('cookies', () => {
    it('login answers the token in the body and sets no cookie', async () => {
      const client = await createClient(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: client.email, password: client.password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.json().token).toEqual(expect.any(String));
      expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
    });
  });

  describe('CORS', () => {
    it('closed when CORS_ORIGINS is unset: no Access-Control-* header for anyone', async () => {
      const simple = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://evil.example' },
      });
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
      expect(simple.headers['access-control-allow-credentials']).toBeUndefined();
      const pre = await t.app.inject(preflight('https://evil.example'));
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.headers['access-control-allow-methods']).toBeUndefined();
    });
  });
});

/** Configured like production: rate limits on, TLS in front, the SPA on another origin. */
describe('production-like configuration: rate limits, HSTS, CORS_ORIGINS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT: 'on',
      PUBLIC_URL: 'https://slotwise.example',
      CORS_ORIGINS: 'https://app.slotwise.example, https://admin.slotwise.example',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('behind TLS (https PUBLIC_URL) HSTS is sent and insecure requests are upgraded', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const csp = cspOf(res.headers['content-security-policy']);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expectStrictScripts(csp);
  });

  it('with CORS_ORIGINS, only the configured origins are allowed', async () => {
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://app.slotwise.example' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.slotwise.example');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(String(allowed.headers.vary)).toMatch(/origin/i);

    for (const origin of [
      'https://evil.example',
      'https://app.slotwise.example.evil.example',
      'http://app.slotwise.example',
      'null',
    ]) {
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin },
      });
      expect(refused.headers['access-control-allow-origin'], origin).toBeUndefined();
      const pre = await t.app.inject(preflight(origin));
      expect(pre.headers['access-control-allow-origin'], origin).toBeUndefined();
    }

    const pre = await t.app.inject(preflight('https://admin.slotwise.example'));
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('https://admin.slotwise.example');
    expect(String(pre.headers['access-control-allow-headers'])).toMatch(/authorization/i);
  });

  /** Sends `count` requests and returns the statuses; a 429 must carry the body and Retry-After. */
  async function hammer(count: number, options: () => InjectOptions): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await t.app.inject(options());
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expectErrorBody(res, 'rate limited');
        expect(res.json().code).toBe('RATE_LIMITED');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    return statuses;
  }

  const limited = (statuses: number[], max: number) => {
    expect(statuses.slice(0, max).includes(429), `429 before request ${max + 1}`).toBe(false);
    expect(statuses[max]).toBe(429);
  };

  it('login: 30 a minute per address', async () => {
    // Invalid bodies are counted too: the limiter runs before the body is read.
    limited(await hammer(31, () => ({ method: 'POST', url: '/api/auth/login', payload: {} })), 30);
  });

  it('register: 20 an hour per address', async () => {
    limited(
      await hammer(21, () => ({ method: 'POST', url: '/api/auth/register', payload: {} })),
      20,
    );
  });

  // Both mail a link to an address: the same limit, counted per address.
  it.each([
    ['resend verification', '/api/verify-email'],
    ['forgot password', '/api/auth/forgot-password'],
  ])('%s: 5 per 15 minutes per address', async (_name, url) => {
    limited(
      await hammer(6, () => ({ method: 'POST', url, payload: { email: 'someone@example.test' } })),
      5,
    );
  });

  it('booking: 20 a minute per client — per user, not per address', async () => {
    const greedy = await createClient(t.app);
    const neighbour = await createClient(t.app);
    const provider = await createProvider(t.app);
    const bookUnknown = (headers: Record<string, string>) => () => ({
      method: 'POST' as const,
      url: '/api/appointment/booking',
      headers,
      payload: { timeslotId: randomUUID() },
    });
    limited(await hammer(21, bookUnknown(greedy.headers)), 20);
    // Same address (every inject comes from 127.0.0.1), another account: its own budget.
    const [next] = await hammer(1, bookUnknown(neighbour.headers));
    expect(next).toBe(404);
    // A provider is refused by role (403) before the limiter counts anything.
    const [role] = await hammer(1, bookUnknown(provider.headers));
    expect(role).toBe(403);
  });
});
