import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { createProvider, type TestUser } from '../../../test/helpers/factories';
import { asUser } from '../../../test/helpers/requests';
import { queryRows } from '../../db/client';
import { enqueueJobs } from '../../jobs/job-queue';
import { syncJobKey } from './sync';

/**
 * Calendar syncs with the job worker running (docs/decisions/083-background-work-under-load.md):
 * a backlog of other work due before them does not hold them up, and several are read at once.
 */

const FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Slotwise tests//EN',
  'BEGIN:VEVENT',
  'UID:lunch@example.com',
  'DTSTAMP:20260101T000000Z',
  'DTSTART:20260101T120000Z',
  'DTEND:20260101T130000Z',
  'RRULE:FREQ=DAILY',
  'SUMMARY:Lunch',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** A feed on loopback that answers after `delayMs`, counting requests and the most at once. */
function slowFeed() {
  let delayMs = 0;
  let requests = 0;
  let inFlight = 0;
  let mostAtOnce = 0;
  const server: Server = createServer((_request, response) => {
    requests++;
    inFlight++;
    mostAtOnce = Math.max(mostAtOnce, inFlight);
    setTimeout(() => {
      inFlight--;
      response.writeHead(200, { 'content-type': 'text/calendar' });
      response.end(FEED);
    }, delayMs);
  });
  return {
    server,
    setDelay: (ms: number) => {
      delayMs = ms;
    },
    requests: () => requests,
    mostAtOnce: () => mostAtOnce,
    resetMost: () => {
      mostAtOnce = inFlight;
    },
    url: (n: number) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed-${n}.ics`,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) break;
    await sleep(10);
  }
  return Date.now() - started;
}

describe('calendar syncs beside other background work (the worker running)', () => {
  const t = useTestApp({ ALLOW_PRIVATE_URLS: '1', JOBS_POLL_INTERVAL_MS: '50' });
  const feed = slowFeed();
  let provider: TestUser;
  beforeAll(async () => {
    await new Promise<void>((resolve) => feed.server.listen(0, '127.0.0.1', resolve));
    provider = await createProvider(t.app);
  });
  afterAll(async () => {
    await new Promise((resolve) => feed.server.close(resolve));
  });

  /** A connection, synced once when added; its next sync is queued 5 minutes on. */
  const connect = async (n: number) => {
    const res = await asUser(t.app, provider).post('/api/calendar/connections', {
      kind: 'ics',
      url: feed.url(n),
      name: `Calendar ${n}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().connection.id as string;
  };
  /** Its pending sync made due now. */
  const dueNow = (ids: string[]) =>
    t.app.database.db.execute(sql`update jobs set run_at = now()
      where status = 'pending' and key in ${ids.map(syncJobKey)}`);
  const pendingOf = async (kind: string) => {
    const [row] = await queryRows<{ n: number }>(
      t.app.database.db,
      sql`select count(*)::int as n from jobs where kind = ${kind} and status = 'pending'`,
    );
    return Number(row!.n);
  };

  it('a due sync runs at once although 200 jobs of another kind were due before it', async () => {
    const id = await connect(1);
    const before = feed.requests();
    // A backlog of 200 jobs due a minute ago, 20 ms each: 4 s of work ahead of the sync.
    t.app.jobs.register('test.backlog', async () => {
      await sleep(20);
    });
    await enqueueJobs(
      t.app.database.db,
      Array.from({ length: 200 }, () => ({
        kind: 'test.backlog',
        payload: {},
        runAt: new Date(Date.now() - 60_000),
      })),
    );
    await dueNow([id]);
    const waited = await until(() => feed.requests() > before, 5_000);
    expect(feed.requests(), `synced after ${waited} ms`).toBeGreaterThan(before);
    expect(waited).toBeLessThan(1_500);
    // It went past the backlog, which is still being worked through.
    expect(await pendingOf('test.backlog')).toBeGreaterThan(100);
    await t.app.database.db.execute(
      sql`update jobs set status = 'canceled' where kind = 'test.backlog' and status = 'pending'`,
    );
  });

  it('several syncs are read at once: a slow calendar server does not make the others wait', async () => {
    const ids = [await connect(2), await connect(3), await connect(4), await connect(5)];
    feed.setDelay(400);
    feed.resetMost();
    const before = feed.requests();
    await dueNow(ids);
    await until(() => feed.requests() >= before + 4, 10_000);
    expect(feed.requests()).toBeGreaterThanOrEqual(before + 4);
    expect(feed.mostAtOnce()).toBeGreaterThanOrEqual(2);
    feed.setDelay(0);
  });
});
