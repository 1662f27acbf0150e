import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { TEST_JWT_SECRET } from '../helpers/app';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { createProviderWithSlots } from '../helpers/booking-factories';
import { createClient, type TestUser } from '../helpers/factories';
import { request, type ServerProcess, startServerProcess } from '../helpers/processes';

/**
 * docs/decisions/056 across instances: two real Slotwise processes on one PostgreSQL, each with
 * its own local revocation set kept current by LISTEN/NOTIFY. Needs TEST_DATABASE_URL; elsewhere
 * the suite says it skipped.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL);
if (!enabled) {
  console.warn('pushed revocation scale-out tests skipped: set TEST_DATABASE_URL=postgres://…');
}

const LISTENER = 'slotwise-listen-slotwise_push';

describe.skipIf(!enabled)('pushed token revocation across instances (PostgreSQL)', () => {
  let testDb: TestDatabase;
  let dataDir: string;
  /** In-process instance: makes users and signs their tokens (same secret as A and B). */
  let maker: FastifyInstance;
  let a: ServerProcess;
  let b: ServerProcess;
  let sql: pg.Client;

  const env = () => ({ DATABASE_URL: testDb.url!, JWT_SECRET: TEST_JWT_SECRET, RATE_LIMIT: 'off' });
  const profileOn = async (server: ServerProcess, user: TestUser) =>
    (await request('GET', `${server.url}/api/profile`, { headers: user.headers })).status;
  const logoutOn = async (server: ServerProcess, user: TestUser) =>
    (await request('POST', `${server.url}/api/auth/logout`, { headers: user.headers })).status;
  const listeners = async () =>
    Number(
      (
        await sql.query<{ n: string }>(
          `select count(*) as n from pg_stat_activity
           where datname = current_database() and application_name = $1 and state = 'idle'`,
          [LISTENER],
        )
      ).rows[0]!.n,
    );

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'slotwise-revocation-'));
    maker = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        RATE_LIMIT: 'off',
        DEMO_DATA: 'off',
        JWT_SECRET: TEST_JWT_SECRET,
        JOBS_POLL_INTERVAL_MS: '0',
      }),
      { database: testDb.database, migrate: false },
    );
    await maker.ready();
    [a, b] = await Promise.all([startServerProcess(env()), startServerProcess(env())]);
    sql = new pg.Client({ connectionString: testDb.url });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sql?.end();
    await maker?.close();
    await testDb?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('each instance listens on its own connection', async () => {
    // A, B and the in-process maker.
    expect(await listeners()).toBe(3);
  });

  it('a logout on A is refused by B immediately, every time', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => createClient(maker)));
    for (const user of users) expect(await profileOn(b, user)).toBe(200);
    for (const user of users) {
      expect(await logoutOn(a, user)).toBe(200);
      // No wait: the very next request, on the other instance.
      expect(await profileOn(b, user)).toBe(401);
      expect(await profileOn(a, user)).toBe(401);
    }
  });

  it('while B has lost its listener it asks the database, and is live again after reconnecting', async () => {
    await sql.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and application_name = $1`,
      [LISTENER],
    );
    // Revoked while no instance is listening: nobody is told, only the table knows.
    const user = await createClient(maker);
    expect(await profileOn(b, user)).toBe(200);
    await sql.query(
      `insert into revoked_tokens (jti, user_id, expires_at)
       values ($1::uuid, $2::uuid, now() + interval '1 day')`,
      [
        (
          JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()) as {
            jti: string;
          }
        ).jti,
        user.id,
      ],
    );
    expect(await profileOn(b, user)).toBe(401);
    expect(await profileOn(a, user)).toBe(401);

    // The listeners come back (back-off from 100 ms), reload, and stay right.
    const deadline = Date.now() + 15_000;
    while ((await listeners()) < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await listeners()).toBe(3);
    expect(await profileOn(b, user)).toBe(401);
    const next = await createClient(maker);
    expect(await logoutOn(a, next)).toBe(200);
    expect(await profileOn(b, next)).toBe(401);
  });

  it('a slot booked through A and canceled through B is bookable on A at once (the hint is dropped)', async () => {
    const { slots } = await createProviderWithSlots(maker, 1);
    const [first, second] = await Promise.all([createClient(maker), createClient(maker)]);
    const bookOn = (server: ServerProcess, user: TestUser) =>
      request('POST', `${server.url}/api/appointment/booking`, {
        headers: user.headers,
        body: { timeslotId: slots[0]!.id },
      });
    for (let round = 0; round < 5; round++) {
      const booked = await bookOn(a, first);
      expect(booked.status, booked.body).toBe(201);
      // A now remembers the slot as taken and answers the next try from that.
      expect((await bookOn(a, second)).status).toBe(409);
      const id = booked.json<{ appointment: { appointment_id: string } }>().appointment
        .appointment_id;
      const canceled = await request('PATCH', `${b.url}/api/appointment/cancel/${id}`, {
        headers: first.headers,
      });
      expect(canceled.status, canceled.body).toBe(200);
      const again = await bookOn(a, second);
      expect(again.status, again.body).toBe(201);
      const id2 = again.json<{ appointment: { appointment_id: string } }>().appointment
        .appointment_id;
      expect(
        (
          await request('PATCH', `${b.url}/api/appointment/cancel/${id2}`, {
            headers: second.headers,
          })
        ).status,
      ).toBe(200);
    }
  });

  it('a token revoked before B restarts stays refused by the new B', async () => {
    const user = await createClient(maker);
    expect(await logoutOn(a, user)).toBe(200);
    await b.stop();
    b = await startServerProcess(env());
    expect(await profileOn(b, user)).toBe(401);
    const fresh = await createClient(maker);
    expect(await profileOn(b, fresh)).toBe(200);
  });
});
