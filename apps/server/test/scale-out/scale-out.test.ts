import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../helpers/images';
import {
  request,
  type ServerProcess,
  startServerProcess,
  startTcpProxy,
} from '../helpers/processes';
import { collect, connectSocket, nextEvent } from '../helpers/sockets';

/**
 * Several real Slotwise processes sharing PostgreSQL and Redis (docs/architecture.md §1). Needs both
 * servers: CI sets TEST_DATABASE_URL and TEST_REDIS_URL; elsewhere the suite says it skipped.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const enabled = Boolean(adminUrl && redisUrl);
if (!enabled) {
  console.warn(
    'scale-out tests skipped: set TEST_DATABASE_URL=postgres://… and TEST_REDIS_URL=redis://… to run them',
  );
}

const JWT_SECRET = randomBytes(32).toString('hex');
const PASSWORD = 'Secret123';

describe.skipIf(!enabled)('several instances on PostgreSQL and Redis', () => {
  const dbName = `slotwise_so_${randomBytes(5).toString('hex')}`;
  let dbUrl: string;
  let sql: pg.Client;
  let a: ServerProcess;
  let b: ServerProcess;
  let providerToken: string;
  let providerId: string;
  let clientToken: string;
  let slotIds: string[] = [];

  const withDatabase = (url: string, name: string) => {
    const parsed = new URL(url);
    parsed.pathname = `/${name}`;
    return parsed.toString();
  };

  async function registerVerified(server: ServerProcess, role: 'client' | 'provider') {
    const email = `${role}-${randomBytes(4).toString('hex')}@example.test`;
    const res = await request('POST', `${server.url}/api/auth/register`, {
      body: { firstName: 'Sam', lastName: role, email, password: PASSWORD, role, timezone: 'UTC' },
    });
    expect(res.status, res.body).toBe(201);
    const { userId } = res.json<{ userId: string }>();
    if (role === 'provider') {
      const done = await request('POST', `${server.url}/api/auth/register/provider`, {
        body: { userId, specialty: 'Barber', bio: '' },
      });
      expect(done.status).toBe(200);
    }
    await sql.query('update users set email_verified_at = now() where id = $1', [userId]);
    return { userId, email };
  }

  async function login(server: ServerProcess, email: string) {
    const res = await request('POST', `${server.url}/api/auth/login`, {
      body: { email, password: PASSWORD },
    });
    expect(res.status, res.body).toBe(200);
    return res.json<{
      token: string;
      user: { providerId: string | null; profileImageUrl: string | null };
    }>();
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // An EMPTY database: both instances start together and race to migrate it.
    await admin.query(`create database ${dbName}`);
    await admin.end();
    dbUrl = withDatabase(adminUrl!, dbName);
    const redis = new Redis(redisUrl!);
    await redis.flushdb();
    redis.disconnect();

    const env = {
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl!,
      JWT_SECRET,
      RATE_LIMIT: 'on',
      // Lets a test speak for a distinct client address (per-IP limits) via X-Forwarded-For.
      TRUST_PROXY: 'true',
    };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    sql = new pg.Client({ connectionString: dbUrl });
    await sql.connect();

    const provider = await registerVerified(a, 'provider');
    const providerLogin = await login(a, provider.email);
    providerToken = providerLogin.token;
    providerId = providerLogin.user.providerId!;
    const client = await registerVerified(a, 'client');
    clientToken = (await login(b, client.email)).token;

    // 47 half-hour slots tomorrow (UTC provider), written in one statement.
    const slots = await sql.query<{ id: string }>(
      `insert into timeslots (provider_id, day, start_time, end_time, starts_at, ends_at, type)
       select $1, d, t::time, (t + interval '30 minutes')::time,
              (d + t) at time zone 'UTC', (d + t + interval '30 minutes') at time zone 'UTC', 'Haircut'
       from (select (now() at time zone 'UTC')::date + 1 as d) day,
            lateral (select i * interval '30 minutes' as t from generate_series(0, 46) i) slot
       order by t returning id`,
      [providerId],
    );
    slotIds = slots.rows.map((r) => r.id);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sql?.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  it('both instances migrated the same empty database once, under the advisory lock', async () => {
    const applied = await sql.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    const files = await import('node:fs').then((fs) =>
      fs
        .readdirSync(new URL('../../src/db/migrations', import.meta.url))
        .filter((f) => f.endsWith('.sql')),
    );
    expect(applied.rows[0].n).toBe(files.length);
  });

  it('a socket on A receives the new_appointment caused by a booking through B', async () => {
    const socket = await connectSocket(a.url, { token: providerToken });
    try {
      const event = nextEvent(socket, 'new_appointment', 5_000);
      const res = await request('POST', `${b.url}/api/appointment/booking`, {
        body: { timeslotId: slotIds[0] },
        headers: { authorization: `Bearer ${clientToken}` },
      });
      expect(res.status, res.body).toBe(201);
      const appointmentId = res.json<{ appointment: { appointment_id: string } }>().appointment
        .appointment_id;
      expect(await event).toMatchObject({ appointmentId });
    } finally {
      socket.close();
    }
  });

  it('a token revoked through A is refused by B', async () => {
    const user = await registerVerified(a, 'client');
    const { token } = await login(b, user.email);
    const auth = { authorization: `Bearer ${token}` };
    expect((await request('GET', `${b.url}/api/profile`, { headers: auth })).status).toBe(200);
    expect((await request('POST', `${a.url}/api/auth/logout`, { headers: auth })).status).toBe(200);
    expect((await request('GET', `${b.url}/api/profile`, { headers: auth })).status).toBe(401);
  });

  it('the per-IP login limit counts across both instances', async () => {
    const from = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await request('POST', `${server.url}/api/auth/login`, {
        body: { email: `nobody${i}@example.test`, password: 'whatever1' },
        headers: from,
      });
      statuses.push(res.status);
    }
    // 30 a minute per address: 15 + 15 were counted together, so the 31st is refused.
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('a picture uploaded through A is served by B', async () => {
    const form = new FormData();
    const email = `pic-${randomBytes(4).toString('hex')}@example.test`;
    for (const [k, v] of Object.entries({
      firstName: 'Pia',
      lastName: 'Pic',
      email,
      password: PASSWORD,
      role: 'client',
    })) {
      form.append(k, v);
    }
    form.append('profilePic', new Blob([await png(800, 800)], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${a.url}/api/auth/register`, { method: 'POST', body: form });
    expect(res.status).toBe(201);
    await sql.query('update users set email_verified_at = now() where email = $1', [email]);
    const { user } = await login(a, email);
    const picture = await fetch(`${b.url}${user.profileImageUrl}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('a freed slot is offered once, to the first waiting client, on the socket of the other instance', async () => {
    const slotId = slotIds[45]!;
    const booked = await request('POST', `${a.url}/api/appointment/booking`, {
      body: { timeslotId: slotId },
      headers: { authorization: `Bearer ${clientToken}` },
    });
    expect(booked.status, booked.body).toBe(201);
    const appointmentId = booked.json<{ appointment: { appointment_id: string } }>().appointment
      .appointment_id;
    const day = (
      await sql.query<{ day: string }>('select day::text as day from timeslots where id = $1', [
        slotId,
      ])
    ).rows[0]!.day;
    // First and second in line, connected to different instances.
    const tokens: string[] = [];
    for (const server of [a, b]) {
      const user = await registerVerified(server, 'client');
      const { token } = await login(server, user.email);
      const joined = await request('POST', `${server.url}/api/waitlist`, {
        body: { providerId, windows: [{ date: day }] },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(joined.status, joined.body).toBe(201);
      tokens.push(token);
    }
    const first = await connectSocket(b.url, { token: tokens[0]! });
    const second = await connectSocket(a.url, { token: tokens[1]! });
    try {
      const offered = nextEvent(first, 'waitlist_offer', 5_000);
      const secondSaw = collect(second, 'waitlist_offer');
      const canceled = await request('PATCH', `${a.url}/api/appointment/cancel/${appointmentId}`, {
        headers: { authorization: `Bearer ${clientToken}` },
      });
      expect(canceled.status, canceled.body).toBe(200);
      expect(await offered).toMatchObject({ timeslotId: slotId });
      const offers = await sql.query('select id from waitlist_offers where timeslot_id = $1', [
        slotId,
      ]);
      expect(offers.rowCount).toBe(1);
      // Through either instance, the held slot is nobody else's.
      const other = await request('POST', `${b.url}/api/appointment/booking`, {
        body: { timeslotId: slotId },
        headers: { authorization: `Bearer ${tokens[1]!}` },
      });
      expect(other.status).toBe(409);
      expect(other.json<{ code: string }>().code).toBe('SLOT_HELD');
      expect(secondSaw).toEqual([]);
    } finally {
      first.close();
      second.close();
    }
  });

  it('SIGTERM during a stream of bookings: every booking completes or is refused retryably, none vanishes', async () => {
    const clients = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const user = await registerVerified(a, 'client');
        return (await login(a, user.email)).token;
      }),
    );
    const targets = slotIds.slice(1, 41);
    type Outcome = { slot: string; status: number | 'network-error'; retryAfter?: string };
    const outcomes: Outcome[] = [];
    let next = 0;
    let answered = 0;
    let stopping: Promise<number | null> | null = null;
    const worker = async (w: number) => {
      while (next < targets.length) {
        const slot = targets[next++]!;
        try {
          const res = await request('POST', `${a.url}/api/appointment/booking`, {
            body: { timeslotId: slot },
            headers: {
              authorization: `Bearer ${clients[w % clients.length]}`,
              'x-forwarded-for': `198.51.100.${next}`,
            },
          });
          outcomes.push({
            slot,
            status: res.status,
            retryAfter: res.headers['retry-after'] as string | undefined,
          });
        } catch {
          outcomes.push({ slot, status: 'network-error' });
        }
        answered++;
        if (answered === 10 && !stopping) stopping = a.stop('SIGTERM');
      }
    };
    await Promise.all([0, 1, 2, 3].map(worker));
    expect(await stopping).toBe(0);

    const booked = await sql.query<{ timeslot_id: string }>(
      `select timeslot_id from appointments where status = 'booked' and timeslot_id = any($1)`,
      [targets],
    );
    const inDatabase = new Set(booked.rows.map((r) => r.timeslot_id));
    const completed = outcomes.filter((o) => o.status === 201);
    const refused = outcomes.filter((o) => o.status !== 201);
    const tally = (status: Outcome['status']) => outcomes.filter((o) => o.status === status).length;
    console.info(
      `shutdown under load: ${tally(201)} booked, ${tally(503)} refused with 503, ` +
        `${tally('network-error')} refused at connect, of ${targets.length}`,
    );
    expect(outcomes).toHaveLength(targets.length);
    expect(completed.length).toBeGreaterThanOrEqual(10);
    // Every 201 is in the database; nothing else is (no phantom, no half-written booking).
    for (const o of completed) expect(inDatabase.has(o.slot)).toBe(true);
    expect(inDatabase.size).toBe(completed.length);
    // Everything else was refused before it did anything, with a retryable answer.
    for (const o of refused) {
      expect(
        o.status === 'network-error' || (o.status === 503 && o.retryAfter !== undefined),
        JSON.stringify(o),
      ).toBe(true);
      expect(inDatabase.has(o.slot)).toBe(false);
    }
    // And a retry on the other instance succeeds.
    for (const o of refused.slice(0, 3)) {
      const retry = await request('POST', `${b.url}/api/appointment/booking`, {
        body: { timeslotId: o.slot },
        headers: { authorization: `Bearer ${clients[0]}`, 'x-forwarded-for': '192.0.2.10' },
      });
      expect(retry.status, retry.body).toBe(201);
    }
  }, 60_000);

  it('a database outage gives clean 503s, and service resumes without a restart', async () => {
    const target = new URL(adminUrl!);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(dbUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const c = await startServerProcess({
      DATABASE_URL: viaProxy.toString(),
      REDIS_URL: redisUrl!,
      JWT_SECRET,
      RATE_LIMIT: 'off',
    });
    const auth = { authorization: `Bearer ${clientToken}` };
    try {
      expect(
        (await request('GET', `${c.url}/api/search/providers?q=sam`, { headers: auth })).status,
      ).toBe(200);

      await proxy.cut();
      const down = await request('GET', `${c.url}/api/search/providers?q=sam`, { headers: auth });
      expect(down.status, down.body).toBe(503);
      expect(down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(down.headers['retry-after']).toBeDefined();
      expect((await request('GET', `${c.url}/api/health`)).status).toBe(503);

      await proxy.restore();
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await request('GET', `${c.url}/api/search/providers?q=sam`, { headers: auth }))
          .status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe(200);
      expect(c.child.exitCode).toBeNull();
    } finally {
      await c.stop();
      await proxy.close();
    }
  }, 60_000);
});
