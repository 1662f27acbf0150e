import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  testDb: TestDatabase;
  dataDir: string;
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';

/** The real app on a fresh real database (no listen: drive it with app.inject). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'slotwise-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'off',
    DEMO_DATA: 'off',
    // Load shedding would turn a busy CI machine into random 503s; ops tests switch it on.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: 'http://localhost:5001',
    // No background job worker: tests run due jobs themselves with app.jobs.runDue(now).
    JOBS_POLL_INTERVAL_MS: '0',
    ...env,
  });
  const app = await buildApp(config, { database: testDb.database, migrate: false });
  await app.ready();
  return {
    app,
    testDb,
    dataDir,
    async close() {
      await app.close();
      await testDb.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The usual setup of a suite, in one line: `const t = useTestApp();` inside a `describe` builds
 * one real app before its tests and closes it after them. `t.app` is readable inside tests.
 */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(env);
  });
  afterAll(async () => {
    await current?.close();
  });
  const get = () => {
    if (!current) throw new Error('useTestApp: the app exists only while the suite runs');
    return current;
  };
  return {
    get app() {
      return get().app;
    },
    get testDb() {
      return get().testDb;
    },
    get dataDir() {
      return get().dataDir;
    },
    close: () => get().close(),
  };
}
