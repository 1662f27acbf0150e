import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../helpers/mail';
import { request, type ServerProcess, startServerProcess } from '../helpers/processes';

/**
 * The job queue under faults, with real server processes on one PostgreSQL (the embedded
 * PGlite is one process by design). Needs TEST_DATABASE_URL; elsewhere the suite says it skipped.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.warn(
    'email job fault tests skipped: set TEST_DATABASE_URL=postgres://… to run them (they need PostgreSQL shared by several processes)',
  );
}

const JOBS = 200;

describe.skipIf(!adminUrl)('mail jobs across processes on PostgreSQL', () => {
  const dbName = `slotwise_mail_${randomBytes(5).toString('hex')}`;
  let dbUrl: string;
  let sql: pg.Client;
  const servers: ServerProcess[] = [];

  const env = (smtpUrl: string) => ({
    DATABASE_URL: dbUrl,
    SMTP_URL: smtpUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT: 'off',
    JOBS_POLL_INTERVAL_MS: '100',
    JOBS_LEASE_SECONDS: '10',
  });

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const parsed = new URL(adminUrl!);
    parsed.pathname = `/${dbName}`;
    dbUrl = parsed.toString();
    sql = new pg.Client({ connectionString: dbUrl });
    await sql.connect();
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) {
      const { child } = server;
      if (child.exitCode === null && child.signalCode === null) await server.stop('SIGKILL');
    }
    await sql?.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }, 60_000);

  /**
   * `JOBS` booked appointments, each with a different client, and a 24 h reminder job for each
   * that is due now — written straight into the database. Returns the clients' addresses.
   */
  async function dueReminders(tag: string): Promise<string[]> {
    const { rows } = await sql.query<{ email: string }>(
      `with provider_user as (
         insert into users (email, password_hash, first_name, last_name, role, timezone, email_verified_at)
         values ($1, 'x', 'Pat', 'Provider', 'provider', 'Europe/Berlin', now()) returning id
       ), provider as (
         insert into providers (user_id, specialty, search_text)
         select id, 'Barber', 'pat provider barber' from provider_user returning id
       ), clients as (
         insert into users (email, password_hash, first_name, last_name, role, timezone, email_verified_at)
         select 'c' || i || '-' || $2 || '@example.test', 'x', 'Client', 'No' || i, 'client', 'America/New_York', now()
         from generate_series(1, $3::int) i returning id, email
       ), numbered as (
         select id, email, row_number() over (order by email) as i from clients
       ), slots as (
         insert into timeslots (provider_id, day, start_time, end_time, starts_at, ends_at, type, is_booked)
         select p.id,
                (date_trunc('hour', now()) + interval '2 days' + n.i * interval '1 hour')::date,
                (date_trunc('hour', now()) + interval '2 days' + n.i * interval '1 hour')::time,
                (date_trunc('hour', now()) + interval '2 days' + n.i * interval '1 hour' + interval '30 minutes')::time,
                date_trunc('hour', now()) + interval '2 days' + n.i * interval '1 hour',
                date_trunc('hour', now()) + interval '2 days' + n.i * interval '1 hour' + interval '30 minutes',
                'Haircut', true
         from provider p, numbered n returning id, provider_id, day, start_time, end_time, starts_at, ends_at
       ), booked as (
         insert into appointments (timeslot_id, provider_id, client_id, status, day, start_time, end_time, starts_at, ends_at, service_type)
         select s.id, s.provider_id, n.id, 'booked', s.day, s.start_time, s.end_time, s.starts_at, s.ends_at, 'Haircut'
         from slots s join numbered n
           on s.starts_at = date_trunc('hour', now()) + interval '2 days' + n.i * interval '1 hour'
         returning id, client_id, starts_at
       ), queued as (
         insert into jobs (kind, key, payload, run_at)
         select 'email.appointment-reminder', 'appointment:' || b.id || ':reminders',
                jsonb_build_object('appointmentId', b.id, 'hoursBefore', 24,
                  'startsAt', to_char(b.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                  'recipientRole', 'client', 'recipientUserId', b.client_id),
                now() - interval '1 minute'
         from booked b returning id
       )
       select email from numbered where (select count(*) from queued) = $3`,
      [`provider-${tag}@example.test`, tag, JOBS],
    );
    expect(rows).toHaveLength(JOBS);
    return rows.map((r) => r.email);
  }

  async function until(what: string, check: () => boolean | Promise<boolean>, ms = 90_000) {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) {
        const logs = servers.map((s) => s.output().slice(-2000)).join('\n---\n');
        throw new Error(`timed out waiting for ${what}\n${logs}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const perAddress = (messages: { to: string[] }[]) => {
    const counts = new Map<string, number>();
    for (const m of messages) for (const to of m.to) counts.set(to, (counts.get(to) ?? 0) + 1);
    return counts;
  };

  it('SIGKILL in the middle of sending 200 due reminders: after a restart each is sent exactly once', async () => {
    let accepted = 0;
    let killed: Promise<unknown> | null = null;
    let server: ServerProcess | null = null;
    const smtp = await startSmtpSink({
      // The 50th message: the process is killed while its mail is in flight (not yet
      // accepted), so that mail must be sent again, by the next process.
      beforeAccept: async () => {
        accepted++;
        if (accepted !== 50) return;
        killed = server!.stop('SIGKILL');
        await killed;
        throw new Error('the sender died before the message was accepted');
      },
    });
    try {
      // First start migrates the empty database; then the work is queued and the worker runs.
      server = await startServerProcess(env(smtp.url));
      servers.push(server);
      const addresses = await dueReminders('kill');
      await until('the kill', () => killed !== null);
      await killed;
      const before = smtp.messages.length;
      expect(before).toBe(49);
      const restarted = await startServerProcess(env(smtp.url));
      servers.push(restarted);
      await until('every reminder', async () => {
        const { rows } = await sql.query<{ n: string }>(
          `select count(*) as n from jobs where kind = 'email.appointment-reminder' and status = 'done'`,
        );
        return Number(rows[0]!.n) === JOBS;
      });
      const counts = perAddress(smtp.messages);
      expect([...counts.keys()].sort()).toEqual([...addresses].sort());
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      expect(smtp.messages).toHaveLength(JOBS);
      await restarted.stop();
    } finally {
      await smtp.close();
    }
  }, 240_000);

  it('two instances on one PostgreSQL: 200 due reminders, no mail twice', async () => {
    const smtp = await startSmtpSink();
    try {
      const [a, b] = await Promise.all([
        startServerProcess(env(smtp.url)),
        startServerProcess(env(smtp.url)),
      ]);
      servers.push(a!, b!);
      const addresses = await dueReminders('pair');
      await until('every reminder', async () => {
        const { rows } = await sql.query<{ n: string }>(
          `select count(*) as n from jobs where kind = 'email.appointment-reminder' and status = 'done'
             and payload->>'recipientUserId' in (select id::text from users where email like '%-pair@example.test')`,
        );
        return Number(rows[0]!.n) === JOBS;
      });
      const counts = perAddress(smtp.messages);
      expect([...counts.keys()].sort()).toEqual([...addresses].sort());
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      // Each instance counts what it ran: together exactly one run per job.
      let total = 0;
      for (const server of [a!, b!]) {
        const metrics = await request('GET', `${server.url}/metrics`);
        const line = metrics.body
          .split('\n')
          .find((l) =>
            l.startsWith(
              'slotwise_jobs_finished_total{kind="email.appointment-reminder",outcome="done"}',
            ),
          );
        total += line ? Number(line.split(' ').pop()) : 0;
      }
      expect(total).toBe(JOBS);
      await Promise.all([a!.stop(), b!.stop()]);
    } finally {
      await smtp.close();
    }
  }, 240_000);
});
