import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import type { TestUser } from '../../apps/server/test/helpers/factories';
import type { Session } from './accounts';

const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');

export interface InProcessServer {
  app: FastifyInstance;
  baseURL: string;
  close(): Promise<void>;
}

/**
 * The server in this test process, on its own embedded database in a temporary directory
 * (migrated at start, as `npm start` does), serving the built SPA. For journeys that need data
 * the API refuses to create (an appointment in the past): write it with the server's test
 * factories (apps/server/test/helpers) on `app`, then drive the browser against `baseURL`.
 */
export async function startInProcessServer(
  /** More of the server's environment (e.g. `ADMIN_EMAILS`). */
  env: Record<string, string> = {},
): Promise<InProcessServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'slotwise-e2e-inproc-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: WEB_DIST,
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'off',
    DEMO_DATA: 'off',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    JOBS_POLL_INTERVAL_MS: '0',
    JWT_SECRET: 'e2e-in-process-secret-that-is-at-least-32-characters',
    ...env,
  });
  const app = await buildApp(config);
  const baseURL = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    baseURL,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A factory-made user as the login screen leaves the session (token + stored user). */
export function sessionOf(user: TestUser): Session {
  return {
    token: user.token,
    email: user.email,
    user: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      profileImageUrl: null,
      providerId: user.providerId,
    },
  };
}
