import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The database's own ceiling beside the hello world: `pgbench -S` (select-only: one primary-key
 * lookup per transaction) on a scratch database of the same PostgreSQL server, initialised by
 * `pgbench -i` (scale 10) and dropped afterwards; 50 clients, 2 threads, 10 s.
 */
export interface PgbenchResult {
  tps: number;
  latencyAvgMs: number;
  clients: number;
  threads: number;
  seconds: number;
  scale: number;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function runPgbench(
  adminUrl: string,
  options: { clients: number; seconds: number; threads?: number; scale?: number },
): Promise<PgbenchResult> {
  const threads = options.threads ?? 2;
  const scale = options.scale ?? 10;
  const name = `slotwise_pgbench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = withDatabase(adminUrl, name);
    execFileSync('pgbench', ['-i', '-q', '-s', String(scale), url], { stdio: 'pipe' });
    const out = execFileSync(
      'pgbench',
      [
        '-S',
        '-c',
        String(options.clients),
        '-j',
        String(threads),
        '-T',
        String(options.seconds),
        url,
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
    const latencyAvgMs = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1] ?? NaN);
    return {
      tps,
      latencyAvgMs,
      clients: options.clients,
      threads,
      seconds: options.seconds,
      scale,
    };
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
