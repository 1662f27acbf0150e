import { inject } from 'vitest';

/** A server the global setup started for the browser tests, and where it writes its mail. */
export interface TestServer {
  baseURL: string;
  dataDir: string;
}

/**
 * This worker's server: the global setup starts one per worker, and Vitest numbers its workers
 * 1…maxWorkers in `VITEST_POOL_ID`, so files running at the same time never share a database
 * (docs/decisions/086-browser-tests-side-by-side.md). Files in one worker still run one after
 * another on its server, as all of them did on the one server before.
 */
export function testServer(): TestServer {
  const servers = inject('servers');
  if (servers.length === 0) throw new Error('No browser-test server: Chromium was not found.');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  return servers[(worker - 1) % servers.length]!;
}
