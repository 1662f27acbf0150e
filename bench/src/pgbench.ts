import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The database's own ceilings beside the hello world, on a scratch database of the same
 * PostgreSQL server (dropped afterwards, so the seeded data is not disturbed):
 * - `pgbench -S` (select-only: one primary-key lookup per transaction) on `pgbench -i` (scale
 *   10); 50 clients, 2 threads, 10 s;
 * - a booking-shaped script: one statement that claims a free slot row (`UPDATE … WHERE NOT
 *   is_booked RETURNING`) and inserts an appointment row for it, like the server's booking
 *   statement without its policy checks and extra rows; on its own 1,000,000-slot table, with
 *   as many clients as the server has pool connections. Its rate is the ceiling the booking
 *   rush is reported against.
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

const BOOKING_SLOTS = 1_000_000;

/** One booking: claim a random slot if free, and insert its appointment, in one statement. */
const BOOKING_SCRIPT = `\\set slot random(1, ${BOOKING_SLOTS})
\\set client random(1, 1000)
with claimed as (
  update bench_slots set is_booked = true, updated_at = now()
  where id = :slot and not is_booked and starts_at > now()
  returning id, starts_at, ends_at
)
insert into bench_appointments (slot_id, client_id, status, starts_at, ends_at)
select id, :client, 'booked', starts_at, ends_at from claimed;
`;

const BOOKING_TABLES = `
create table bench_slots (
  id int primary key, is_booked boolean not null default false,
  starts_at timestamptz not null, ends_at timestamptz not null,
  updated_at timestamptz not null default now());
insert into bench_slots (id, starts_at, ends_at)
  select k, now() + interval '1 day' + k * interval '1 minute',
         now() + interval '1 day' + k * interval '1 minute' + interval '30 minutes'
  from generate_series(1, ${BOOKING_SLOTS}) k;
create table bench_appointments (
  id bigint generated always as identity primary key, slot_id int not null,
  client_id int not null, status text not null,
  starts_at timestamptz not null, ends_at timestamptz not null,
  created_at timestamptz not null default now());
create unique index bench_appointments_one_active on bench_appointments (slot_id)
  where status = 'booked';
`;

export interface PgbenchCeilings {
  select: PgbenchResult;
  booking: PgbenchResult;
}

function parse(out: string) {
  return {
    tps: Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN),
    latencyAvgMs: Number(/latency average = ([\d.]+) ms/.exec(out)?.[1] ?? NaN),
  };
}

export async function runPgbench(
  adminUrl: string,
  options: {
    clients: number;
    seconds: number;
    bookingClients: number;
    threads?: number;
    scale?: number;
  },
): Promise<PgbenchCeilings> {
  const threads = options.threads ?? 2;
  const scale = options.scale ?? 10;
  const name = `slotwise_pgbench_${randomBytes(4).toString('hex')}`;
  // Short-lived admin connections: a long-held one is at the mercy of other work on the server.
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    client.on('error', () => {});
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end().catch(() => {});
    }
  };
  await admin(`create database ${name}`);
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
    const select = {
      ...parse(out),
      clients: options.clients,
      threads,
      seconds: options.seconds,
      scale,
    };
    const scratch = new pg.Client({ connectionString: url });
    scratch.on('error', () => {});
    await scratch.connect();
    await scratch.query(BOOKING_TABLES);
    await scratch.query('vacuum analyze bench_slots');
    await scratch.end();
    const script = path.join(os.tmpdir(), `slotwise-pgbench-booking-${process.pid}.sql`);
    fs.writeFileSync(script, BOOKING_SCRIPT);
    const bookingThreads = Math.min(threads, options.bookingClients);
    try {
      const bookingOut = execFileSync(
        'pgbench',
        [
          '-n',
          '-f',
          script,
          '-c',
          String(options.bookingClients),
          '-j',
          String(bookingThreads),
          '-T',
          String(options.seconds),
          url,
        ],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const booking = {
        ...parse(bookingOut),
        clients: options.bookingClients,
        threads: bookingThreads,
        seconds: options.seconds,
        scale: BOOKING_SLOTS,
      };
      return { select, booking };
    } finally {
      fs.rmSync(script, { force: true });
    }
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}
