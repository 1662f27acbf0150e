import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { TEST_JWT_SECRET } from '../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/database';
import { createClient } from '../../test/helpers/factories';
import { TOKEN_TTL_SECONDS } from '../plugins/tokens';

/**
 * docs/decisions/056: each instance keeps the revoked token ids in a local set, loaded at start
 * and pushed by the database's notifications; whenever the set is not live it asks the database.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL (several instances:
 * test/scale-out/pushed-revocation.test.ts).
 */
describe('pushed token revocation on one instance', () => {
  let testDb: TestDatabase;
  let dataDir: string;
  let app: FastifyInstance;

  /** The app on this file's database; closing it leaves the database as it is (a restart). */
  async function startApp(): Promise<FastifyInstance> {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT: 'off',
      DEMO_DATA: 'off',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      JWT_SECRET: TEST_JWT_SECRET,
      JOBS_POLL_INTERVAL_MS: '0',
    });
    const started = await buildApp(config, { database: testDb.database, migrate: false });
    await started.ready();
    return started;
  }

  const profile = (headers: { authorization: string }) =>
    app.inject({ method: 'GET', url: '/api/profile', headers }).then((res) => res.statusCode);
  const jtiOf = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'slotwise-revocation-'));
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('is live after start, and a logout refuses the token at once from the local set', async () => {
    expect(app.tokens.revocations.live).toBe(true);
    const client = await createClient(app);
    expect(await profile(client.headers)).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: client.headers,
    });
    expect(out.statusCode).toBe(200);
    expect(app.tokens.revocations.refuses(jtiOf(client.token), client.id, 0)).toBe(true);
    expect(await profile(client.headers)).toBe(401);
    // The row is there for the other instances and for the next start.
    const rows = await testDb.database.db.execute(
      sql`select 1 from revoked_tokens where jti = ${jtiOf(client.token)}::uuid`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it('a revoked token stays refused after a restart (the set is loaded from the table)', async () => {
    const client = await createClient(app);
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: client.headers });
    await app.close();
    app = await startApp();
    expect(app.tokens.revocations.live).toBe(true);
    expect(app.tokens.revocations.refuses(jtiOf(client.token), client.id, 0)).toBe(true);
    expect(await profile(client.headers)).toBe(401);
    const other = await createClient(app);
    expect(await profile(other.headers)).toBe(200);
  });

  it('a revocation written while the set is not live is found in the database, then loaded', async () => {
    const client = await createClient(app);
    expect(await profile(client.headers)).toBe(200);
    const db = testDb.database.db;
    // A revocation this instance is never told about: its notification is switched off.
    await db.execute(sql`alter table revoked_tokens disable trigger revoked_tokens_push`);
    try {
      app.tokens.revocations.down();
      await db.execute(
        sql`insert into revoked_tokens (jti, user_id, expires_at)
            values (${jtiOf(client.token)}::uuid, ${client.id}::uuid, now() + interval '1 day')`,
      );
      expect(app.tokens.revocations.refuses(jtiOf(client.token), client.id, 0)).toBe(false);
      expect(await profile(client.headers)).toBe(401);
    } finally {
      await db.execute(sql`alter table revoked_tokens enable trigger revoked_tokens_push`);
    }
    await app.tokens.revocations.up();
    expect(app.tokens.revocations.live).toBe(true);
    expect(app.tokens.revocations.refuses(jtiOf(client.token), client.id, 0)).toBe(true);
    expect(await profile(client.headers)).toBe(401);
  });

  it('entries leave the set once the token would have expired anyway', async () => {
    const db = testDb.database.db;
    const user = await createClient(app);
    const expired = randomUUID();
    const current = randomUUID();
    await db.execute(
      sql`insert into revoked_tokens (jti, user_id, expires_at) values
          (${expired}::uuid, ${user.id}::uuid, now() - interval '3 hours'),
          (${current}::uuid, ${user.id}::uuid, now() + interval '1 hour')`,
    );
    await db.execute(
      sql`insert into session_generations (user_id, generation, updated_at)
          values (${user.id}::uuid, 2, now())`,
    );
    // A fresh start loads only what can still refuse a token.
    await app.close();
    app = await startApp();
    const set = app.tokens.revocations;
    const now = Date.now();
    expect(set.refuses(expired, user.id, 2, now)).toBe(false);
    expect(set.refuses(current, user.id, 2, now)).toBe(true);
    expect(set.refuses(randomUUID(), user.id, 1, now)).toBe(true);
    const before = set.size;
    expect(before.accounts).toBeGreaterThanOrEqual(1);

    // Two hours on, the `current` token has expired: its entry goes, the generation stays.
    set.sweep(now + 2 * 60 * 60 * 1000);
    expect(set.size.tokens).toBe(before.tokens - 1);
    expect(set.refuses(current, user.id, 2, now)).toBe(false);
    expect(set.size.accounts).toBe(before.accounts);
    // A token lifetime (plus the clock margin) after the reset, no older token is left.
    set.sweep(now + TOKEN_TTL_SECONDS * 1000 + 2 * 60 * 60 * 1000);
    expect(set.size.accounts).toBe(before.accounts - 1);
    expect(set.refuses(randomUUID(), user.id, 1, now)).toBe(false);
  });
});
