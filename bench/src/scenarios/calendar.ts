/**
 * Calendar sync (docs/product.md §18, docs/decisions/071-calendar-sync.md), PostgreSQL only (the
 * runner writes connections and jobs itself):
 * (a) a 5,000-event feed with recurring events parsed (busyFromIcs) and applied
 *     (replaceBusyBlocks) in this process, on one core, with the longest pause of its event loop;
 * (b) the search and available-slots load on the running server without polling, then while
 *     the server's job worker syncs 1,000 ICS connections (feeds served from here,
 *     ALLOW_PRIVATE_URLS=1) at the rate one instance polls them (all in 5 minutes), then
 *     without again (the machine's drift between runs).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CALENDAR_POLL_MINUTES } from '@slotwise/shared/calendar-sync-schemas';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../../apps/server/src/db/client';
import { replaceBusyBlocks } from '../../../apps/server/src/modules/calendar-sync/busy-blocks';
import { busyFromIcs } from '../../../apps/server/src/modules/calendar-sync/parse-ics';
import { log, settings } from '../cli';
import type { BenchDatabase } from '../database';
import { DATASET } from '../dataset';
import { providerId, uuidOf } from '../ids';
import { type LoadResult, runLoad } from '../load';
import { authHeaders, READ_ENDPOINTS } from './reads';

export interface CalendarParseResult {
  events: number;
  recurring: number;
  bytes: number;
  instances: number;
  /** Wall time of the parse, and its CPU time (this process is otherwise idle then). */
  parseMs: number;
  parseCpuMs: number;
  applyMs: number;
  blocksStored: number;
  /** The longest the event loop was held during the parse (its slices). */
  maxLoopDelayMs: number;
}

export interface CalendarPollingResult {
  connections: number;
  /** The syncs are spread over this period (the poll interval): the steady rate of one instance. */
  periodSeconds: number;
  without: LoadResult;
  with: LoadResult;
  /** The same load again after, without polling (how much the machine drifts between runs). */
  withoutAgain: LoadResult;
  /**
   * Syncs due 2 s before the end of the polling run (the worker looks every second), finished
   * by the end, failed, feed requests served.
   */
  syncsDue: number;
  syncsDone: number;
  syncsFailed: number;
  feedRequests: number;
  busyBlocks: number;
}

const DAY = 86_400_000;
const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const wall = (ms: number) => stamp(ms).replace('Z', '');

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'DTSTART:19810329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'DTSTART:19961027T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/**
 * A Google-shaped feed of `events` events around `now`: a fifth recurring (weekly with an
 * EXDATE and a moved occurrence, or daily with COUNT), a tenth all-day, the rest one-off timed
 * events spread over a year back and the 180 days ahead (as a calendar kept for years is).
 */
export function calendarFeed(events: number, now: number, seed = 0): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Slotwise bench//EN',
    'X-WR-CALNAME:Bench',
    'X-WR-TIMEZONE:Europe/Berlin',
    ...VTIMEZONE,
  ];
  const today = Math.floor(now / DAY) * DAY;
  for (let i = 0; i < events; i++) {
    const uid = `bench-${seed}-${i}@example.com`;
    const hour = 8 + ((i * 7) % 10);
    const common = [`UID:${uid}`, 'DTSTAMP:20260101T000000Z', `SUMMARY:Event ${i}`];
    if (i % 5 === 0) {
      const start = today - 30 * DAY + (i % 14) * DAY + hour * 3_600_000;
      const weekly = i % 10 === 0;
      lines.push(
        'BEGIN:VEVENT',
        ...common,
        `DTSTART;TZID=Europe/Berlin:${wall(start)}`,
        `DTEND;TZID=Europe/Berlin:${wall(start + 3_600_000)}`,
        weekly ? 'RRULE:FREQ=WEEKLY' : 'RRULE:FREQ=DAILY;COUNT=20',
        ...(weekly ? [`EXDATE;TZID=Europe/Berlin:${wall(start + 35 * DAY)}`] : []),
        'END:VEVENT',
      );
      if (weekly) {
        lines.push(
          'BEGIN:VEVENT',
          ...common,
          `RECURRENCE-ID;TZID=Europe/Berlin:${wall(start + 42 * DAY)}`,
          `DTSTART;TZID=Europe/Berlin:${wall(start + 42 * DAY + 7_200_000)}`,
          `DTEND;TZID=Europe/Berlin:${wall(start + 42 * DAY + 10_800_000)}`,
          'END:VEVENT',
        );
      }
    } else if (i % 10 === 1) {
      const day = new Date(today + ((i * 13) % 180) * DAY).toISOString().slice(0, 10);
      const next = new Date(Date.parse(day) + DAY).toISOString().slice(0, 10);
      lines.push(
        'BEGIN:VEVENT',
        ...common,
        `DTSTART;VALUE=DATE:${day.replace(/-/g, '')}`,
        `DTEND;VALUE=DATE:${next.replace(/-/g, '')}`,
        'END:VEVENT',
      );
    } else {
      const start = today - 365 * DAY + ((i * 37) % 545) * DAY + hour * 3_600_000;
      lines.push(
        'BEGIN:VEVENT',
        ...common,
        `DTSTART:${stamp(start)}`,
        `DTEND:${stamp(start + 1_800_000)}`,
        'DESCRIPTION:Notes about this meeting that a calendar export carries along with it',
        'END:VEVENT',
      );
    }
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

const calendarConnectionId = (i: number) => uuidOf(`bench-calendar-${i}`);

/** (a): parse and apply a 5,000-event feed in this process. */
export async function runCalendarParse(db: BenchDatabase): Promise<CalendarParseResult> {
  log('calendar: a 5,000-event feed parsed and applied, in this process');
  const now = Date.now();
  const events = 5_000;
  const text = calendarFeed(events, now);
  const range = { from: new Date(now - DAY), to: new Date(now + 180 * DAY) };
  // Warm (node-ical and its zone tables load once per process).
  await busyFromIcs(calendarFeed(50, now, 1), range);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const parseStarted = performance.now();
  const cpuBefore = process.cpuUsage();
  const blocks = await busyFromIcs(text, range);
  const cpu = process.cpuUsage(cpuBefore);
  const parseMs = performance.now() - parseStarted;
  loop.disable();
  const database = await openDatabase({ databaseUrl: db.url, dataDir: db.dataDir, poolSize: 1 });
  try {
    const connection = {
      id: calendarConnectionId(-1),
      providerId: providerId(DATASET.slotsProvider.index),
    };
    await database.db.execute(
      sql`insert into calendar_connections (id, provider_id, kind, name, url, next_sync_at)
          values (${connection.id}, ${connection.providerId}, 'ics', 'Bench parse',
                  'http://127.0.0.1/none.ics', now() + interval '1 year')`,
    );
    const applyStarted = performance.now();
    const blocksStored = await database.db.transaction((tx) =>
      replaceBusyBlocks(tx, connection, blocks),
    );
    const applyMs = performance.now() - applyStarted;
    await database.db.execute(sql`delete from calendar_connections where id = ${connection.id}`);
    return {
      events,
      recurring: events / 5,
      bytes: Buffer.byteLength(text),
      instances: blocks.length,
      parseMs,
      parseCpuMs: (cpu.user + cpu.system) / 1000,
      applyMs,
      blocksStored,
      maxLoopDelayMs: loop.max / 1e6,
    };
  } finally {
    await database.close();
  }
}

/** Feeds for the polled connections: a personal calendar each (40 events, some recurring). */
function feedServer(now: number): { server: Server; requests: () => number } {
  const feeds = new Map<number, string>();
  let requests = 0;
  const server = createServer((request, response) => {
    requests++;
    const n = Number(/\/feed\/(\d+)\.ics$/.exec(request.url ?? '')?.[1] ?? 0);
    let text = feeds.get(n % 50);
    if (!text) {
      text = calendarFeed(40, now, n % 50);
      feeds.set(n % 50, text);
    }
    response.writeHead(200, { 'content-type': 'text/calendar', etag: `"${n}-${requests}"` });
    response.end(text);
  });
  return { server, requests: () => requests };
}

/** (b): the read load without polling, then while 1,000 connections are synced. */
export async function runCalendarPolling(
  serverUrl: string,
  db: BenchDatabase,
): Promise<CalendarPollingResult> {
  if (!db.url) throw new Error('the calendar scenario needs PostgreSQL (BENCH_DATABASE_URL)');
  log(
    `calendar: search and available slots, ${settings.connections} connections × ` +
      `${settings.duration} s, without, with ${DATASET.calendar.connections} ICS connections ` +
      'polled, without again',
  );
  const connections = DATASET.calendar.connections;
  const feeds = feedServer(Date.now());
  await new Promise<void>((resolve) => feeds.server.listen(0, '127.0.0.1', resolve));
  const feedPort = (feeds.server.address() as AddressInfo).port;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    // The slots provider (index 1) and the next 999: its available slots now read busy time.
    await client.query(
      `insert into calendar_connections (id, provider_id, kind, name, url, next_sync_at)
       select c.id, c.provider_id, 'ics', 'Bench ' || c.n,
              'http://127.0.0.1:${feedPort}/feed/' || c.n || '.ics', now() + interval '1 year'
       from unnest($1::uuid[], $2::uuid[]) with ordinality as c(id, provider_id, n)`,
      [
        Array.from({ length: connections }, (_, i) => calendarConnectionId(i)),
        Array.from({ length: connections }, (_, i) => providerId(DATASET.slotsProvider.index + i)),
      ],
    );
    const reads = READ_ENDPOINTS.filter((e) => e.key === 'search' || e.key === 'slots');
    const paths = reads.flatMap((e) => e.paths);
    const load = {
      url: serverUrl,
      connections: settings.connections,
      duration: settings.duration,
      warmup: settings.warmup,
      headers: await authHeaders('client'),
      paths,
      idleUrl: `${serverUrl}/api/health`,
    };
    const without = await runLoad(load);
    // Each connection's sync job, due spread over the poll interval from the start of the
    // measured run: the rate one instance polls 1,000 connections at, every 5 minutes.
    const first = settings.warmup + 1;
    const periodSeconds = CALENDAR_POLL_MINUTES * 60;
    await client.query(
      `insert into jobs (kind, key, payload, run_at, max_attempts)
       select 'calendar.sync', 'calendar-sync:' || c.id, jsonb_build_object('connectionId', c.id),
              now() + make_interval(secs => $1::float8 + $2::float8 * (row_number() over (order by c.id) - 1) / $3::float8),
              3
       from calendar_connections c where c.name like 'Bench %' and c.name <> 'Bench parse'`,
      [first, periodSeconds, connections],
    );
    const withPolling = await runLoad(load);
    const counts = await client.query<{
      due: string;
      done: string;
      failed: string;
      blocks: string;
    }>(
      `select (select count(distinct payload->>'connectionId') from jobs
                 where kind = 'calendar.sync' and run_at <= now() - interval '2 seconds') as due,
              (select count(*) from calendar_connections where name like 'Bench %'
                 and last_synced_at is not null and failures = 0) as done,
              (select count(*) from calendar_connections where name like 'Bench %'
                 and failures > 0) as failed,
              (select count(*) from busy_blocks) as blocks`,
    );
    // The chains queued their next syncs: removed, so later scenarios run without polling.
    await client.query(`delete from jobs where kind = 'calendar.sync'`);
    await client.query(`delete from calendar_connections where name like 'Bench %'`);
    const withoutAgain = await runLoad(load);
    return {
      connections,
      periodSeconds,
      without,
      with: withPolling,
      withoutAgain,
      syncsDue: Number(counts.rows[0]!.due),
      syncsDone: Number(counts.rows[0]!.done),
      syncsFailed: Number(counts.rows[0]!.failed),
      feedRequests: feeds.requests(),
      busyBlocks: Number(counts.rows[0]!.blocks),
    };
  } finally {
    await client.end();
    feeds.server.closeAllConnections();
    await new Promise((resolve) => feeds.server.close(resolve));
  }
}
