import { type ChildProcess, spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import type { BenchDatabase } from './database';
import { root, serverMain, webDist } from './paths';
import { BENCH_JWT_SECRET } from './tokens';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface BenchProcess {
  name: string;
  url: string;
  child: ChildProcess;
  /** The real server's inspector port (for a full GC before memory is read), if it has one. */
  inspectPort?: number;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the processes one after the other, runs `work` with them, and stops them all whatever
 * happens (a failure prints the end of each one's log first).
 */
export async function withServers<T>(
  starts: (() => Promise<BenchProcess>)[],
  work: (servers: BenchProcess[]) => Promise<T>,
): Promise<T> {
  const servers: BenchProcess[] = [];
  try {
    for (const start of starts) servers.push(await start());
    return await work(servers);
  } catch (error) {
    for (const server of servers) console.error(server.output().slice(-4000));
    throw error;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    if (process.env.BENCH_VERBOSE) {
      for (const server of servers) console.error(server.output().slice(-20_000));
    }
  }
}

/** The pool size every process uses (stated in the results). */
export const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);

/** The environment of the real server and of the floor: same database, pool and secret. */
export function serverEnv(db: BenchDatabase, port: number): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    TZ: 'UTC',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DATA_DIR: db.dataDir,
    ...(db.url ? { DATABASE_URL: db.url } : {}),
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    JWT_SECRET: BENCH_JWT_SECRET,
    RATE_LIMIT: 'off',
    DEMO_DATA: 'off',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // The calendar scenario's feeds are served on loopback by the runner.
    ALLOW_PRIVATE_URLS: '1',
    WEB_DIST_DIR: webDist,
    // The in-process cache of hot first pages (docs/decisions/048): on by default, as in
    // production; BENCH_SEARCH_CACHE_MS=0 measures without it.
    ...(process.env.BENCH_SEARCH_CACHE_MS !== undefined
      ? { SEARCH_CACHE_MS: process.env.BENCH_SEARCH_CACHE_MS }
      : {}),
  };
}

async function waitHealthy(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited early (${child.exitCode}):\n${log()}`);
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`did not become healthy at ${url}:\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

async function start(
  name: string,
  args: string[],
  env: Record<string, string>,
  healthPath: string,
): Promise<BenchProcess> {
  let log = '';
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 200_000) log = log.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${env.PORT}`;
  await waitHealthy(`${url}${healthPath}`, child, () => log);
  return {
    name,
    url,
    child,
    output: () => log,
    stop() {
      if (child.exitCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      });
    },
  };
}

/** The real thing: the built server, `node apps/server/dist/main.js` (`env` on top). */
export async function startServer(
  db: BenchDatabase,
  env: Record<string, string> = {},
): Promise<BenchProcess> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS: e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // The inspector listens on loopback only; nothing attaches but the leak check's full GC.
  const inspectPort = await freePort();
  const server = await start(
    'server',
    [`--inspect=127.0.0.1:${inspectPort}`, ...nodeArgs, serverMain],
    { ...serverEnv(db, port), ...env },
    '/api/health',
  );
  return { ...server, inspectPort };
}

/** The floor: the same service functions and pool behind bare Fastify routes (sources via tsx). */
export async function startFloor(db: BenchDatabase): Promise<BenchProcess> {
  const port = await freePort();
  const entry = path.join(root, 'bench/src/floor-server.ts');
  return start('floor', ['--import', 'tsx', entry], serverEnv(db, port), '/hello');
}

/** The ceiling of this machine for one Fastify process: hello world. */
export async function startHello(): Promise<BenchProcess> {
  const port = await freePort();
  const entry = path.join(root, 'bench/src/hello-server.mjs');
  return start('hello', [entry], { PATH: process.env.PATH ?? '', PORT: String(port) }, '/');
}

/** process_resident_memory_bytes, nodejs_heap_size_used_bytes … from GET /metrics. */
export async function readMetrics(url: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const values: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(\{[^}]*\})? ([0-9.e+-]+)$/i.exec(line);
    if (match) values[`${match[1]}${match[2] ?? ''}`] = Number(match[3]);
  }
  return values;
}
