import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { TEST_JWT_SECRET } from '../helpers/app';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { createClient, createProvider, issueToken, type TestUser } from '../helpers/factories';
import { request, type ServerProcess, startServerProcess } from '../helpers/processes';

/**
 * An erased account across instances (docs/product.md §19.5, docs/decisions/072 and 056): two
 * real Slotwise processes on one PostgreSQL; the account is deleted on A and its tokens are
 * refused by B on the very next request. Needs TEST_DATABASE_URL (the PostgreSQL pass of
 * .ci/run); elsewhere the suite says it skipped.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL);
if (!enabled) {
  console.warn('erased account scale-out tests skipped: set TEST_DATABASE_URL=postgres://…');
}

describe.skipIf(!enabled)('an erased account across instances (PostgreSQL)', () => {
  let testDb: TestDatabase;
  let dataDir: string;
  /** In-process instance: makes users and signs their tokens (same secret as A and B). */
  let maker: FastifyInstance;
  let a: ServerProcess;
  let b: ServerProcess;

  const env = () => ({ DATABASE_URL: testDb.url!, JWT_SECRET: TEST_JWT_SECRET, RATE_LIMIT: 'off' });
  const profileOn = async (server: ServerProcess, headers: Record<string, string>) =>
    (await request('GET', `${server.url}/api/profile`, { headers })).status;
  const eraseOn = (server: ServerProcess, user: TestUser) =>
    request('DELETE', `${server.url}/api/account`, {
      headers: user.headers,
      body: { password: user.password },
    });

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'slotwise-erasure-'));
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
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await maker?.close();
    await testDb?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('every session of an account deleted on A is refused by B at once', async () => {
    for (const user of [await createClient(maker), await createProvider(maker)]) {
      const second = { authorization: `Bearer ${await issueToken(maker, user)}` };
      // B has seen both tokens valid (its local caches are warm).
      expect(await profileOn(b, user.headers)).toBe(200);
      expect(await profileOn(b, second)).toBe(200);
      const erased = await eraseOn(a, user);
      expect(erased.status, erased.body).toBe(200);
      // No wait: the very next request, on the other instance.
      expect(await profileOn(b, user.headers)).toBe(401);
      expect(await profileOn(b, second)).toBe(401);
      expect(await profileOn(a, second)).toBe(401);
      const login = await request('POST', `${b.url}/api/auth/login`, {
        body: { email: user.email, password: user.password },
      });
      expect(login.status).toBe(401);
    }
  });
});
