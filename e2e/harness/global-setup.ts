import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { access, constants, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './chromium';
import { OPERATOR_EMAIL } from './operator';
import type { TestServer } from './test-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per test worker (`harness/test-server.ts` picks this worker's). */
    servers: TestServer[];
    browserAvailable: boolean;
  }
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const SERVER_ENTRY = join(ROOT, 'apps/server/dist/main.js');
const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const INSTALL_HINT = 'Install it with: apt-get update && apt-get install -y chromium';

/** Build outputs whose age is compared with the sources. */
const BUILD_OUTPUTS = [join(ROOT, 'apps/web/dist/index.html'), SERVER_ENTRY];
/** Everything that changes the build; dependency folders and build output are skipped. */
const BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/server/src',
  'apps/server/tsup.config.ts',
  'packages/shared/src',
].map((path) => join(ROOT, path));

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite']);

async function newestMtime(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return 0; // an input that does not exist (yet) cannot be newer than the build
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
    newest = Math.max(newest, await newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** True when an output is missing or older than any file under the inputs. */
export async function isStale(outputs: string[], inputs: string[]): Promise<boolean> {
  let oldestOutput = Number.POSITIVE_INFINITY;
  for (const output of outputs) {
    try {
      oldestOutput = Math.min(oldestOutput, (await stat(output)).mtimeMs);
    } catch {
      return true;
    }
  }
  for (const input of inputs) {
    if ((await newestMtime(input)) > oldestOutput) return true;
  }
  return false;
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('No free port found'))));
    });
  });
}

function logTail(logPath: string, lines = 40): string {
  if (!existsSync(logPath)) return '(no server log)';
  return readFileSync(logPath, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitForHealth(url: string, child: ChildProcess, logPath: string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (exited(child)) {
      throw new Error(
        `The server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was ` +
          `healthy. Last lines of ${logPath}:\n${logTail(logPath)}`,
      );
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `GET /api/health answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The server was not healthy within ${HEALTH_TIMEOUT_MS / 1000} s (${lastProblem}). ` +
      `Last lines of ${logPath}:\n${logTail(logPath)}`,
  );
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (exited(child)) return;
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    console.warn('[e2e] the server did not stop within 10 s of SIGTERM; sending SIGKILL');
    child.kill('SIGKILL');
  }, STOP_TIMEOUT_MS);
  await done;
  clearTimeout(timer);
}

async function buildIfStale(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1') {
    // For a CI step that has just built, or a developer testing a build they made by hand.
    const missing = BUILD_OUTPUTS.filter((output) => !existsSync(output));
    if (missing.length > 0) {
      throw new Error(`E2E_SKIP_BUILD=1 but the build is missing: ${missing.join(', ')}`);
    }
    return;
  }
  if (!(await isStale(BUILD_OUTPUTS, BUILD_INPUTS))) return;
  console.log('[e2e] the build is missing or older than the sources: running `npm run build`');
  // Vitest sets NODE_ENV=test, and Vite would then bundle React's development build.
  const { NODE_ENV: _testEnv, ...env } = process.env;
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env });
  if (result.status !== 0) {
    throw new Error(`\`npm run build\` failed (exit ${result.status ?? result.signal}).`);
  }
}

export default async function setup(project: TestProject) {
  if (!(await isExecutable(CHROMIUM_PATH))) {
    const message = `Chromium was not found at ${CHROMIUM_PATH}. ${INSTALL_HINT}`;
    if (process.env.REQUIRE_BROWSER === '1') throw new Error(`${message} (REQUIRE_BROWSER=1)`);
    console.warn(`\n[e2e] WARNING: ${message}\n[e2e] The browser tests are SKIPPED.\n`);
    project.provide('browserAvailable', false);
    project.provide('servers', []);
    return;
  }

  await buildIfStale();
  await mkdir(ARTIFACTS, { recursive: true });

  // One server per worker, each on its own embedded database: files that run at the same time
  // never see each other's providers (docs/decisions/086-browser-tests-side-by-side.md).
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const started = await Promise.allSettled(
    Array.from({ length: workers }, (_, index) => startServer(index + 1)),
  );
  const servers = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value] : [],
  );
  const teardown = async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await teardown();
    throw failure.reason;
  }

  project.provide('browserAvailable', true);
  // Provided values cross to the workers as data: the servers without their `stop`.
  project.provide(
    'servers',
    servers.map(({ baseURL, dataDir }) => ({ baseURL, dataDir })),
  );
  return teardown;
}

interface StartedServer extends TestServer {
  stop: () => Promise<void>;
}

async function startServer(number: number): Promise<StartedServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'slotwise-e2e-'));
  const logPath = join(ARTIFACTS, number === 1 ? 'server.log' : `server-${number}.log`);
  const log = createWriteStream(logPath);

  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'off',
      RATE_LIMIT: 'off',
      // Sign-ups wait for the verification mail: poll the job queue often, not every second.
      JOBS_POLL_INTERVAL_MS: '200',
      PUBLIC_URL: baseURL,
      NODE_ENV: 'test',
      // Calendar feeds the tests serve on loopback (docs/decisions/071-calendar-sync.md).
      ALLOW_PRIVATE_URLS: '1',
      // The operator's address (docs/product.md §19.1): signing in with it opens /admin.
      ADMIN_EMAILS: OPERATOR_EMAIL,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });

  const stop = async () => {
    await stopServer(child);
    await new Promise<void>((resolve) => log.end(resolve));
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, child, logPath);
  } catch (error) {
    await stop();
    throw error;
  }

  console.log(`[e2e] server ${number} on ${baseURL} (data in ${dataDir}, log in ${logPath})`);
  return { baseURL, dataDir, stop };
}
