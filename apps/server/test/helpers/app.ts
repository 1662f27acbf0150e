import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { type AppDeps, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  testDb: TestDatabase;
  dataDir: string;
  close(): Promise<void>;
}

export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';

/** The settings of an app under test, `env` on top: quiet, no rate limit, no demo data. */
export function testConfig(env: NodeJS.ProcessEnv) {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'off',
    DEMO_DATA: 'off',
    // Load shedding would turn a busy CI machine into random 503s; ops tests switch it on.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    JWT_SECRET: TEST_JWT_SECRET,
    ...env,
  });
}

/** The real app on a fresh real database (no listen: drive it with app.inject). */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'onRoute'> = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'slotwise-app-'));
  const config = testConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:5001',
    // No background job worker: tests run due jobs themselves with app.jobs.runDue(now).
    JOBS_POLL_INTERVAL_MS: '0',
    ...env,
  });
  const app = await buildApp(config, { ...deps, database: testDb.database, migrate: false });
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

/**
 * A suite's app and the records its tests share, made once before them (Epic-stack style):
 * `const t = useTestWorld(async (app) => ({ client: await createClient(app) }));` inside a
 * `describe`, then `t.app` and `t.client` inside tests (`t.app` already inside `setup`).
 * With `now`, Date is faked at that instant from before `setup` (tokens are issued on that clock)
 * and set back to it after each test; the real clock returns after the suite.
 */
export function useTestWorld<T extends object>(
  setup: (app: FastifyInstance) => Promise<T>,
  options: { env?: Record<string, string>; now?: Date } = {},
): TestApp & T {
  const world = {} as TestApp & T;
  let made: TestApp | undefined;
  const { now } = options;
  beforeAll(async () => {
    made = await createTestApp(options.env);
    Object.assign(world, made);
    if (now) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
    }
    Object.assign(world, await setup(made.app));
  });
  if (now) afterEach(() => vi.setSystemTime(now));
  afterAll(async () => {
    if (now) vi.useRealTimers();
    await made?.close();
  });
  return world;
}

/**
 * The records a `describe` shares, made once before its tests by `setup`:
 * `const s = useBeforeAll(async () => ({ client: await createClient(t.app) }));`, then `s.client`.
 */
export function useBeforeAll<T extends object>(setup: () => Promise<T>): T {
  const values = {} as T;
  beforeAll(async () => {
    Object.assign(values, await setup());
  });
  return values;
}
