/**
 * Web push (docs/product.md §20.2, docs/decisions/073-phones.md), PostgreSQL only (the runner
 * writes its own rows): 1,000 other users each with a subscribed device, and a provider whose
 * one device points at a push service served here (ALLOW_PRIVATE_URLS=1). A client books the
 * provider's slots one at a time through HTTP; each booking is timed from its answer to the
 * push's arrival here (target p99 ≤ 1 s). Control, in the same run: the same booking of a
 * provider without a device, alternated with them — the booking's own answer time, with and
 * without a push to queue.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { percentile } from '../burst';
import { log, settings } from '../cli';
import type { BenchDatabase } from '../database';
import { uuidOf } from '../ids';
import { startServer } from '../processes';
import { mintToken } from '../tokens';

export interface PushResult {
  bookings: number;
  otherSubscriptions: number;
  /** Pushes that arrived within the timeout. */
  arrived: number;
  /** Booking answered → push arrived (negative: the push came first). */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Booking sent → push arrived. */
  sentToPushP99: number;
  /** The booking's answer, sent → answered: with a device to push to, and the control. */
  bookP50: number;
  bookP99: number;
  controlP50: number;
  controlP99: number;
  failures: Record<string, number>;
}

const TIMEOUT_MS = 5_000;
const OTHERS = 1_000;
const id = (name: string) => uuidOf(`bench-push-${name}`);

function pushService() {
  const waiting = new Map<string, (at: number) => void>();
  const arrivedEarly = new Map<string, number>();
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const at = performance.now();
      received++;
      const path = request.url ?? '';
      const resolve = waiting.get(path);
      if (resolve) {
        waiting.delete(path);
        resolve(at);
      } else arrivedEarly.set(path, at);
      response.statusCode = 201;
      response.end();
    });
  });
  return {
    server,
    received: () => received,
    /** Resolves with the arrival instant of the next push to `path`, or null after the timeout. */
    next(path: string): Promise<number | null> {
      const early = arrivedEarly.get(path);
      if (early !== undefined) {
        arrivedEarly.delete(path);
        return Promise.resolve(early);
      }
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(path);
          resolve(null);
        }, TIMEOUT_MS);
        waiting.set(path, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
    },
  };
}

export async function runPush(
  serverUrl: string,
  options: { databaseUrl: string | undefined; bookings: number },
): Promise<PushResult> {
  if (!options.databaseUrl)
    throw new Error('the push scenario needs PostgreSQL (BENCH_DATABASE_URL)');
  const { bookings } = options;
  const service = pushService();
  await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
  const port = (service.server.address() as AddressInfo).port;
  const ecdh = createECDH('prime256v1');
  const p256dh = ecdh.generateKeys().toString('base64url');
  const auth = randomBytes(16).toString('base64url');
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const failures: Record<string, number> = {};
  try {
    log(
      `push: ${OTHERS.toLocaleString('en')} other devices, ${bookings} bookings × 2 (pushed, control)`,
    );
    await client.query(
      `insert into users (id, email, password_hash, first_name, last_name, role, timezone, email_verified_at)
       select u.id, u.email, 'bench-no-login', u.first, 'Bench', u.role, 'UTC', now()
       from unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) as u(id, email, first, role)`,
      [
        [
          id('provider-user'),
          id('control-user'),
          id('client'),
          ...Array.from({ length: OTHERS }, (_, i) => id(`other-${i}`)),
        ],
        [
          'push-provider@bench.slotwise.test',
          'push-control@bench.slotwise.test',
          'push-client@bench.slotwise.test',
          ...Array.from({ length: OTHERS }, (_, i) => `push-other${i}@bench.slotwise.test`),
        ],
        ['Pushy', 'Quiet', 'Booker', ...Array.from({ length: OTHERS }, (_, i) => `Other${i}`)],
        ['provider', 'provider', 'client', ...Array.from({ length: OTHERS }, () => 'client')],
      ],
    );
    await client.query(`insert into providers (id, user_id) values ($1, $2), ($3, $4)`, [
      id('provider'),
      id('provider-user'),
      id('control'),
      id('control-user'),
    ]);
    // One slot per booking for each provider, an hour apart from tomorrow on.
    await client.query(
      `insert into timeslots (id, provider_id, day, start_time, end_time, starts_at, ends_at, type)
       select overlay(overlay(md5($1 || p.provider || k) placing '4' from 13) placing '8' from 17)::uuid,
              p.provider,
              (s.at at time zone 'UTC')::date, (s.at at time zone 'UTC')::time,
              (s.at at time zone 'UTC')::time + interval '30 minutes',
              s.at, s.at + interval '30 minutes', 'Session'
       from unnest($2::uuid[]) as p(provider)
       cross join generate_series(0, $3::int - 1) as k
       cross join lateral (select date_trunc('day', now()) + interval '1 day'
                                  + interval '1 hour' * (k % 12) + interval '1 day' * (k / 12) as at) s`,
      ['bench-push-slot', [id('provider'), id('control')], bookings],
    );
    await client.query(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth)
       select u, 'http://127.0.0.1:' || $1 || '/other/' || n, $2, $3
       from unnest($4::uuid[]) with ordinality as o(u, n)
       union all select $5::uuid, 'http://127.0.0.1:' || $1 || '/provider', $2, $3`,
      [
        port,
        p256dh,
        auth,
        Array.from({ length: OTHERS }, (_, i) => id(`other-${i}`)),
        id('provider-user'),
      ],
    );
    await client.query('analyze users, providers, timeslots, push_subscriptions');
    const slots = async (provider: string) =>
      (
        await client.query<{ id: string }>(
          'select id from timeslots where provider_id = $1 order by starts_at',
          [provider],
        )
      ).rows.map((row) => row.id);
    const pushed = await slots(id('provider'));
    const control = await slots(id('control'));
    const token = await mintToken({ userId: id('client'), role: 'client', providerId: null });
    const book = async (timeslotId: string) => {
      const sent = performance.now();
      const res = await fetch(`${serverUrl}/api/appointment/booking`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ timeslotId }),
      });
      await res.arrayBuffer();
      const answered = performance.now();
      if (res.status !== 201)
        failures[String(res.status)] = (failures[String(res.status)] ?? 0) + 1;
      return { sent, answered, ok: res.status === 201 };
    };
    const delays: number[] = [];
    const sentToPush: number[] = [];
    const bookTimes: number[] = [];
    const controlTimes: number[] = [];
    for (let i = 0; i < bookings; i++) {
      const arrival = service.next('/provider');
      const booking = await book(pushed[i]!);
      bookTimes.push(booking.answered - booking.sent);
      const at = booking.ok ? await arrival : null;
      if (at !== null) {
        delays.push(at - booking.answered);
        sentToPush.push(at - booking.sent);
      } else if (booking.ok) failures.noPush = (failures.noPush ?? 0) + 1;
      const plain = await book(control[i]!);
      controlTimes.push(plain.answered - plain.sent);
    }
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    const d = sorted(delays);
    const b = sorted(bookTimes);
    const c = sorted(controlTimes);
    if (service.received() !== delays.length)
      failures.strayPushes = service.received() - delays.length;
    return {
      bookings,
      otherSubscriptions: OTHERS,
      arrived: delays.length,
      p50: percentile(d, 50),
      p95: percentile(d, 95),
      p99: percentile(d, 99),
      max: d[d.length - 1] ?? NaN,
      sentToPushP99: percentile(sorted(sentToPush), 99),
      bookP50: percentile(b, 50),
      bookP99: percentile(b, 99),
      controlP50: percentile(c, 50),
      controlP99: percentile(c, 99),
      failures,
    };
  } finally {
    await client.end();
    service.server.closeAllConnections();
    await new Promise((resolve) => service.server.close(resolve));
  }
}

/** The scenario on a server of its own (its latency not clouded by earlier scenarios' work). */
export async function runPushOnItsServer(db: BenchDatabase): Promise<PushResult | undefined> {
  if (db.kind !== 'postgres') {
    log('push: skipped (needs PostgreSQL)');
    return undefined;
  }
  const server = await startServer(db);
  try {
    return await runPush(server.url, { databaseUrl: db.url, bookings: settings.pushBookings });
  } catch (error) {
    console.error(server.output().slice(-4000));
    throw error;
  } finally {
    await server.stop();
  }
}
