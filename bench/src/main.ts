/**
 * `npm run bench [-- scenario…]`: builds what is stale, seeds a fresh database, starts the
 * real server, runs each scenario from this process (never the server's), then the floor
 * (same service calls, bare Fastify) and a hello-world, prints one table and writes
 * bench/results.json. Scenarios: search slots dashboard week storm realtime messages pages.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { root, staleTargets } from '../../scripts/build-state.mjs';
import { createBenchDatabase, type BenchDatabase } from './database';
import { DATASET } from './dataset';
import type { LoadResult } from './load';
import { runLoad } from './load';
import { resultsFile, webDist } from './paths';
import { type BenchProcess, POOL_SIZE, startFloor, startHello, startServer } from './processes';
import { fmt, formatTable, type Row } from './report';
import { type PageResult, measurePage, PAGES } from './scenarios/pages';
import {
  DISCOVERY_ENDPOINTS,
  READ_ENDPOINTS,
  measureEndpoint,
  measureFloor,
} from './scenarios/reads';
import { type PgbenchCeilings, runPgbench } from './pgbench';
import { type MessagesResult, runMessages } from './scenarios/messages';
import { type RealtimeResult, runRealtime } from './scenarios/realtime';
import {
  type StormFloorResult,
  type StormResult,
  runStorm,
  runStormFloor,
} from './scenarios/storm';
import { type WeekRender, type WeekRenderResult, runWeekRender } from './scenarios/week-render';

const ALL = [
  'search',
  'discovery',
  'slots',
  'dashboard',
  'week',
  'storm',
  'realtime',
  'messages',
  'pages',
] as const;
type Scenario = (typeof ALL)[number];

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  connections: env('BENCH_CONNECTIONS', 50),
  duration: env('BENCH_DURATION', 10),
  warmup: env('BENCH_WARMUP', 3),
  sockets: Math.min(env('BENCH_SOCKETS', 5_000), DATASET.realtimeProviders),
  realtimeBookings: env('BENCH_REALTIME_BOOKINGS', 1_000),
  realtimeConcurrency: env('BENCH_REALTIME_CONCURRENCY', 10),
  messages: env('BENCH_MESSAGES', 1_000),
  historyMessages: env('BENCH_HISTORY_MESSAGES', 10_000),
  poolSize: POOL_SIZE,
  /** Each discovery combination is measured this long (there are 13, each with its floor). */
  discoveryDuration: env('BENCH_DISCOVERY_DURATION', 5),
  discoveryWarmup: env('BENCH_DISCOVERY_WARMUP', 2),
};

const ALL_READS = [...READ_ENDPOINTS, ...DISCOVERY_ENDPOINTS];

const log = (line: string) => console.log(`bench: ${line}`);

function parseScenarios(args: string[]): Scenario[] {
  const wanted = args.filter((a) => !a.startsWith('-'));
  if (wanted.length === 0) return [...ALL];
  const unknown = wanted.filter((a) => !(ALL as readonly string[]).includes(a));
  if (unknown.length > 0) {
    console.error(`bench: unknown scenario ${unknown.join(', ')} (choose from ${ALL.join(', ')})`);
    process.exit(2);
  }
  return ALL.filter((s) => wanted.includes(s));
}

/**
 * Builds what is stale, like `npm start`: the server always (the bench runs dist/main.js), the
 * web app only for the pages and week scenarios (the week calendar's render in Chromium). A web build that fails (work in progress elsewhere)
 * falls back to the last good apps/web/dist, and says so.
 */
function build(withWeb: boolean) {
  const workspaces: Record<string, string> = { web: '@slotwise/web', server: '@slotwise/server' };
  for (const target of staleTargets()) {
    if (target === 'web' && !withWeb) continue;
    log(`building ${target}…`);
    try {
      execSync(`npm run build -w ${workspaces[target]}`, { cwd: root, stdio: 'inherit' });
    } catch (error) {
      if (target !== 'web' || !existsSync(path.join(webDist, 'index.html'))) throw error;
      log('WARNING: the web build failed: measuring the last good apps/web/dist');
      webBuildFailed = true;
    }
  }
}

let webBuildFailed = false;

interface Results {
  reads: Record<string, { server: LoadResult; floor?: LoadResult }>;
  hello?: LoadResult;
  pgbench?: PgbenchCeilings;
  /** The booking rush, three times in a row on fresh slots (the leak check). */
  storms?: StormResult[];
  /** The same bursts against bare Fastify without a database: the rush's floor. */
  stormFloors?: StormFloorResult[];
  realtime?: RealtimeResult;
  messages?: MessagesResult;
  pages?: PageResult[];
  weekRender?: WeekRenderResult;
}

async function withProcess<T>(
  start: () => Promise<BenchProcess>,
  work: (p: BenchProcess) => Promise<T>,
): Promise<T> {
  const started = await start();
  try {
    return await work(started);
  } catch (error) {
    console.error(started.output().slice(-4000));
    throw error;
  } finally {
    await started.stop();
    if (process.env.BENCH_VERBOSE) console.error(started.output().slice(-20_000));
  }
}

/** Read endpoints that could not be measured, and why (printed and in results.json). */
const failures: Record<string, string> = {};

async function runAll(scenarios: Scenario[], db: BenchDatabase): Promise<Results> {
  const results: Results = { reads: {} };
  const reads = ALL_READS.filter((e) => scenarios.includes(e.scenario));
  const regularLoad = {
    connections: settings.connections,
    duration: settings.duration,
    warmup: settings.warmup,
  };
  const discoveryLoad = {
    connections: settings.connections,
    duration: settings.discoveryDuration,
    warmup: settings.discoveryWarmup,
  };
  const loadOf = (endpoint: { scenario: string }) =>
    endpoint.scenario === 'discovery' ? discoveryLoad : regularLoad;
  const load = regularLoad;

  await withProcess(
    () => startServer(db),
    async (server) => {
      log(`server ready at ${server.url}`);
      for (const endpoint of reads) {
        log(
          `${endpoint.label}: ${settings.connections} connections, ${loadOf(endpoint).duration} s`,
        );
        try {
          results.reads[endpoint.key] = {
            server: await measureEndpoint(server.url, endpoint, loadOf(endpoint)),
          };
        } catch (error) {
          // One failing combination (e.g. a statement timeout) must not lose the others.
          log(`FAILED ${endpoint.label}: ${String(error).slice(0, 300)}`);
          failures[endpoint.key] = String(error).slice(0, 300);
        }
      }
      if (scenarios.includes('week')) {
        log('week calendar render in Chromium');
        results.weekRender = await runWeekRender(server.url);
      }
      if (scenarios.includes('storm')) {
        results.storms = [];
        for (let round = 0; round < DATASET.stormProvider.rounds; round++) {
          log(`booking rush ${round + 1}: 2,000 requests from 500 clients on 500 fresh slots`);
          results.storms.push(
            await runStorm(server.url, {
              round,
              serverPid: server.child.pid,
              inspectPort: server.inspectPort,
            }),
          );
        }
      }
      if (scenarios.includes('pages')) {
        results.pages = [];
        for (const page of PAGES) {
          log(
            `page ${page.path}: scripts${page.lighthouseTarget === null ? '' : ' and Lighthouse'}`,
          );
          results.pages.push(await measurePage(server.url, page));
        }
      }
    },
  );

  if (scenarios.includes('realtime')) {
    // A fresh server: its memory before the sockets is not clouded by earlier scenarios.
    await withProcess(
      () => startServer(db),
      async (server) => {
        log(`real time: ${settings.sockets} sockets, ${settings.realtimeBookings} bookings`);
        results.realtime = await runRealtime(server.url, {
          sockets: settings.sockets,
          bookings: settings.realtimeBookings,
          concurrency: settings.realtimeConcurrency,
        });
      },
    );
  }

  if (scenarios.includes('messages')) {
    await withProcess(
      () => startServer(db),
      async (server) => {
        log(
          `messages: ${settings.sockets} sockets, ${settings.messages} messages, ` +
            `a ${settings.historyMessages}-message history`,
        );
        results.messages = await runMessages(server.url, {
          sockets: settings.sockets,
          messages: settings.messages,
          concurrency: settings.realtimeConcurrency,
          historyMessages: settings.historyMessages,
        });
      },
    );
  }

  // BENCH_CEILINGS=off skips them, for quick A/B runs of one scenario (no figure is judged then).
  const ceilings =
    process.env.BENCH_CEILINGS !== 'off' &&
    (reads.length > 0 || scenarios.includes('storm') || scenarios.includes('realtime'));
  if (reads.length > 0) {
    await withProcess(
      () => startFloor(db),
      async (floor) => {
        for (const endpoint of reads) {
          log(`floor of ${endpoint.label}`);
          const measured = results.reads[endpoint.key];
          if (!measured) continue;
          try {
            measured.floor = await measureFloor(floor.url, endpoint, loadOf(endpoint));
          } catch (error) {
            log(`FAILED floor of ${endpoint.label}: ${String(error).slice(0, 300)}`);
            failures[`floor:${endpoint.key}`] = String(error).slice(0, 300);
          }
        }
      },
    );
  }
  // The ceilings, in the same run: this machine's (hello world) and the database's (pgbench).
  if (ceilings) {
    await withProcess(startHello, async (hello) => {
      log('hello world');
      results.hello = await runLoad({ url: hello.url, paths: ['/'], idleUrl: hello.url, ...load });
      if (scenarios.includes('storm')) {
        results.stormFloors = [];
        for (let round = 0; round < DATASET.stormProvider.rounds; round++) {
          log(`booking rush floor ${round + 1}: the same 2,000 connections, bare Fastify`);
          results.stormFloors.push(await runStormFloor(hello.url, round));
        }
      }
    });
    const adminUrl = process.env.BENCH_DATABASE_URL;
    if (adminUrl && db.kind === 'postgres') {
      log(
        `pgbench -S: ${settings.connections} clients, 2 threads, ${settings.duration} s; ` +
          `booking-shaped script: ${settings.poolSize} clients`,
      );
      results.pgbench = await runPgbench(adminUrl, {
        clients: settings.connections,
        seconds: settings.duration,
        bookingClients: settings.poolSize,
      });
    }
  }
  return results;
}

function rowsOf(results: Results): Row[] {
  const rows: Row[] = [];
  if (results.hello) {
    rows.push({
      scenario: 'hello world (bare Fastify)',
      measure: 'req/s · p50/p99',
      value: `${fmt.rps(results.hello.rps)} · ${fmt.ms(results.hello.p50)}/${fmt.ms(results.hello.p99)}`,
      target: 'machine ceiling',
      met: null,
    });
  }
  if (results.pgbench) {
    const { select: pgs, booking: pgb } = results.pgbench;
    rows.push({
      scenario: `pgbench -S (select-only, ${pgs.clients} clients, -j ${pgs.threads})`,
      measure: 'tps · latency avg',
      value: `${fmt.rps(pgs.tps).replace('req/s', 'tps')} · ${fmt.ms(pgs.latencyAvgMs)}`,
      target: 'database ceiling (reads)',
      met: null,
    });
    rows.push({
      scenario: `pgbench booking-shaped (claim + insert, ${pgb.clients} clients)`,
      measure: 'tps · latency avg',
      value: `${fmt.rps(pgb.tps).replace('req/s', 'tps')} · ${fmt.ms(pgb.latencyAvgMs)}`,
      target: 'database ceiling (bookings)',
      met: null,
    });
  }
  for (const [key, reason] of Object.entries(failures)) {
    rows.push({
      scenario: key,
      measure: 'FAILED',
      value: reason.slice(0, 80),
      target: '',
      met: false,
    });
  }
  for (const endpoint of ALL_READS) {
    const measured = results.reads[endpoint.key];
    if (!measured) continue;
    const { server, floor } = measured;
    const ratio = floor ? (server.rps / floor.rps) * 100 : NaN;
    const discovery = endpoint.scenario === 'discovery';
    const searchTarget = endpoint.key === 'search' || discovery;
    // The week view: p99 ≤ 30 ms at 50 connections (bench/README.md, targets).
    const p99Target = searchTarget ? 50 : endpoint.key === 'week' ? 30 : null;
    // Search and every discovery combination: ≥ 1,000 req/s as well.
    const rpsTarget = searchTarget ? 1000 : null;
    const non2xx = Object.entries(server.status).filter(([code]) => !code.startsWith('2'));
    rows.push({
      scenario: endpoint.label,
      measure: 'req/s · p50/p99',
      value:
        `${fmt.rps(server.rps)} · ${fmt.ms(server.p50)}/${fmt.ms(server.p99)}` +
        (non2xx.length || server.errors
          ? ` (errors: ${JSON.stringify(Object.fromEntries(non2xx))} ${server.errors})`
          : ''),
      floor: floor ? `${fmt.rps(floor.rps)} · ${fmt.ms(floor.p99)}` : undefined,
      ofFloor: floor ? fmt.pct(ratio) : undefined,
      target: endpoint.targets
        ? `≥ ${fmt.rps(endpoint.targets.minRps)}, p99 ≤ ${endpoint.targets.maxP99Ms} ms`
        : (rpsTarget ? `≥ ${rpsTarget.toLocaleString('en')} req/s, ` : '') +
          (p99Target ? `≥ 60 % floor, p99 ≤ ${p99Target} ms` : '≥ 60 % floor'),
      met:
        non2xx.length > 0 || server.errors > 0
          ? false
          : endpoint.targets
            ? server.rps >= endpoint.targets.minRps && server.p99 <= endpoint.targets.maxP99Ms
            : !floor
              ? false
              : ratio >= 60 &&
                (p99Target === null || server.p99 <= p99Target) &&
                (rpsTarget === null || server.rps >= rpsTarget),
    });
  }
  const render = results.weekRender;
  if (render) {
    // Judged at the 75th percentile, as Core Web Vitals judge a page's loads (decision 060):
    // the first week after each page load, and the weeks paged to after it, each on its own.
    const firsts = render.loads.map((load) => load.first);
    const nexts = render.loads.flatMap((load) => load.next);
    const summary = (weeks: WeekRender[], pick: (week: WeekRender) => number) => {
      const sorted = weeks.map(pick).sort((a, b) => a - b);
      const at = (share: number) =>
        sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
      return { p50: at(0.5), p75: at(0.75), max: sorted.at(-1)! };
    };
    const first = summary(firsts, (week) => week.paint);
    const next = summary(nexts, (week) => week.paint);
    const firstCommit = summary(firsts, (week) => week.render);
    const nextCommit = summary(nexts, (week) => week.render);
    const firstIdle = summary(firsts, (week) => week.idle);
    const nextIdle = summary(nexts, (week) => week.idle);
    rows.push({
      scenario:
        `week calendar in Chromium (${nexts[0]?.slots ?? firsts[0]?.slots} slots a week` +
        `${render.cpuSlowdown > 1 ? `, CPU ${render.cpuSlowdown}× slower` : ''})`,
      measure: `to first paint p50/p75/max: first week (${firsts.length} loads) · next (${nexts.length})`,
      value:
        `${fmt.ms(first.p50)}/${fmt.ms(first.p75)}/${fmt.ms(first.max)} · ` +
        `${fmt.ms(next.p50)}/${fmt.ms(next.p75)}/${fmt.ms(next.max)}` +
        ` (p75 to commit: ${fmt.ms(firstCommit.p75)} · ${fmt.ms(nextCommit.p75)};` +
        ` to idle: ${fmt.ms(firstIdle.p75)} · ${fmt.ms(nextIdle.p75)})`,
      target: '≤ 100 ms (p75)',
      met: first.p75 <= 100 && next.p75 <= 100,
    });
  }
  const bookingCeiling = results.pgbench?.booking.tps;
  for (const storm of results.storms ?? []) {
    const label = `booking rush ${storm.round + 1} (2,000 req, 500 clients, 500 fresh slots)`;
    const exact = storm.created === storm.slots && storm.distinctSlotsBooked === storm.slots;
    rows.push({
      scenario: label,
      measure: '201 · 409 · 5xx · err',
      value: `${storm.created} · ${storm.conflicts} · ${storm.serverErrors} · ${storm.networkErrors}`,
      target: '500 · 1500 · 0 · 0',
      met:
        exact && storm.serverErrors === 0 && storm.networkErrors === 0 && storm.conflicts === 1500,
    });
    const share = bookingCeiling ? (storm.rate / bookingCeiling) * 100 : NaN;
    const floor = results.stormFloors?.[storm.round];
    rows.push({
      scenario: label,
      measure: 'all answered in · p50/p99',
      value: `${fmt.ms(storm.wallMs)} · ${fmt.ms(storm.p50)}/${fmt.ms(storm.p99)}`,
      // The floor's wall time as a share of this rush's: 100 % would be "as fast as no server work".
      floor: floor ? `${fmt.ms(floor.wallMs)} · p99 ${fmt.ms(floor.p99)}` : undefined,
      ofFloor: floor ? fmt.pct((floor.wallMs / storm.wallMs) * 100) : undefined,
      target: '≤ 1.5 s, p99 ≤ 1 s',
      met: storm.wallMs <= 1_500 && storm.p99 <= 1_000,
    });
    rows.push({
      scenario: label,
      measure: 'answers/s · share of booking ceiling',
      value:
        `${fmt.rps(storm.rate)}` +
        (Number.isFinite(share) ? ` · ${fmt.pct(share)} of ${fmt.rps(bookingCeiling!)}` : ''),
      ofFloor: Number.isFinite(share) ? fmt.pct(share) : undefined,
      target: Number.isFinite(share) ? '≥ 50 % of pgbench booking' : '',
      met: Number.isFinite(share) ? share >= 50 : null,
    });
    rows.push({
      scenario: label,
      measure: 'booked after (distinct slots)',
      value: `${storm.bookedAfter} (${storm.distinctSlotsBooked})`,
      target: '500 (500)',
      met: storm.bookedAfter === storm.slots && storm.distinctSlotsBooked === storm.slots,
    });
    rows.push({
      scenario: label,
      measure: 'server RSS peak · after · after full GC (heap after · live)',
      value:
        `${storm.rssPeakMB.toFixed(0)} · ${storm.rssAfterMB.toFixed(0)} · ` +
        `${storm.rssAfterGcMB.toFixed(0)} MB (${storm.heapAfterMB.toFixed(0)} · ` +
        `${storm.liveHeapMB.toFixed(0)} MB)`,
      target: '',
      met: null,
    });
  }
  const rushes = results.storms ?? [];
  if (rushes.length > 1) {
    // The live heap (after a full GC) is what a leak grows; RSS and the heap before collection
    // also hold garbage V8 had not swept yet, and move with its timing.
    const first = rushes[0]!;
    const last = rushes[rushes.length - 1]!;
    const liveGrowth = last.liveHeapMB - first.liveHeapMB;
    rows.push({
      scenario: `leak check (${rushes.length} rushes in a row)`,
      measure: 'live heap after each · growth 1st → last (RSS after GC)',
      value:
        `${rushes.map((r) => r.liveHeapMB.toFixed(0)).join(' → ')} MB · ` +
        `${liveGrowth >= 0 ? '+' : ''}${liveGrowth.toFixed(1)} MB ` +
        `(RSS ${rushes.map((r) => r.rssAfterGcMB.toFixed(0)).join(' → ')} MB)`,
      target: 'no growth (≤ +5 %)',
      met: liveGrowth <= first.liveHeapMB * 0.05,
    });
  }
  const rt = results.realtime;
  if (rt) {
    rows.push({
      scenario: `real time (${rt.connected.toLocaleString('en')} sockets)`,
      measure: 'commit → new_appointment p50/p99',
      value: `${fmt.ms(rt.p50)}/${fmt.ms(rt.p99)} (${rt.delivered}/${rt.bookings} delivered)`,
      target: 'p99 ≤ 100 ms',
      met: rt.connected === rt.sockets && rt.delivered === rt.bookings && rt.p99 <= 100,
    });
    rows.push({
      scenario: 'real time',
      measure: 'booking sent → event · → 201 (p50/p99)',
      value:
        `${fmt.ms(rt.sentToEventP50)}/${fmt.ms(rt.sentToEventP99)} · ` +
        `${fmt.ms(rt.bookingP50)}/${fmt.ms(rt.bookingP99)}`,
      target: '',
      met: null,
    });
    rows.push({
      scenario: 'real time',
      measure: 'server memory per idle socket',
      value: `RSS ${rt.rssPerSocketKB.toFixed(1)} KB · heap ${rt.heapPerSocketKB.toFixed(1)} KB`,
      target: '≤ 60 KB',
      met: rt.rssPerSocketKB <= 60,
    });
    rows.push({
      scenario: 'real time',
      measure: `server RSS: idle → ${rt.connected.toLocaleString('en')} sockets`,
      value: `${rt.rssBeforeMB.toFixed(0)} MB → ${rt.rssAfterMB.toFixed(0)} MB`,
      target: '',
      met: null,
    });
  }
  const ms = results.messages;
  if (ms) {
    rows.push({
      scenario: `messages (${ms.connected.toLocaleString('en')} sockets)`,
      measure: 'commit → new_message p50/p99',
      value: `${fmt.ms(ms.p50)}/${fmt.ms(ms.p99)} (${ms.delivered}/${ms.messages} delivered)`,
      target: 'p99 ≤ 100 ms',
      met: ms.connected === ms.sockets && ms.delivered === ms.messages && ms.p99 <= 100,
    });
    rows.push({
      scenario: 'messages',
      measure: 'message sent → event (p50/p99)',
      value: `${fmt.ms(ms.sentToEventP50)}/${fmt.ms(ms.sentToEventP99)}`,
      target: '',
      met: null,
    });
    rows.push({
      scenario: `messages (${ms.historyMessages.toLocaleString('en')}-message history)`,
      measure: `page of 50 p50/p99 (${ms.historyPages} pages)`,
      value: `${fmt.ms(ms.historyP50)}/${fmt.ms(ms.historyP99)}${ms.historyComplete ? '' : ' INCOMPLETE'}`,
      target: 'p99 ≤ 20 ms',
      met: ms.historyComplete && ms.historyP99 <= 20,
    });
  }
  for (const page of results.pages ?? []) {
    rows.push({
      scenario: `page ${page.path}`,
      measure: 'JS gzip (br sent)',
      value: `${fmt.kb(page.jsGzipBytes)} (${fmt.kb(page.jsTransferredBytes)}) in ${page.scripts} files`,
      target: `≤ ${fmt.kb(page.jsBudgetBytes)}`,
      met: page.jsGzipBytes <= page.jsBudgetBytes,
    });
    if (page.lighthouseTarget === null) continue;
    rows.push({
      scenario: `page ${page.path}`,
      measure: 'Lighthouse performance',
      value:
        page.lighthouse === null
          ? `n/a (${page.lighthouseError ?? 'no score'})`
          : String(page.lighthouse),
      target: `≥ ${page.lighthouseTarget}`,
      met: page.lighthouse !== null && page.lighthouse >= page.lighthouseTarget,
    });
  }
  return rows;
}

async function main() {
  const scenarios = parseScenarios(process.argv.slice(2));
  build(scenarios.includes('pages') || scenarios.includes('week'));
  const needsData = scenarios.some((s) => s !== 'pages');
  log(
    `seeding ${needsData ? `${DATASET.providers.toLocaleString('en')} providers, ${DATASET.slots.toLocaleString('en')} slots` : 'nothing (schema only)'}…`,
  );
  const seedStarted = performance.now();
  const db = await createBenchDatabase(log, needsData);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  log(`database: ${db.describe} (ready in ${seedSeconds.toFixed(0)} s)`);
  let results: Results;
  try {
    results = await runAll(scenarios, db);
  } finally {
    if (process.env.BENCH_KEEP_DATABASE && db.kind === 'postgres') {
      log(`kept ${db.url}`);
      await fs.rm(db.dataDir, { recursive: true, force: true });
    } else await db.drop();
  }
  const rows = rowsOf(results);
  const table = formatTable(rows);
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
  console.log(
    `\nSlotwise bench · ${db.kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'} · pool ${settings.poolSize} · ` +
      `${settings.connections} connections × ${settings.duration} s · ${machine.cpus} × ${machine.cpuModel}\n`,
  );
  console.log(table);
  await fs.writeFile(
    resultsFile,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        database: db.kind,
        scenarios,
        settings,
        machine,
        seedSeconds,
        webBuildFailed,
        loadAverage: os.loadavg(),
        dataset: DATASET,
        table,
        rows,
        results,
      },
      null,
      2,
    )}\n`,
  );
  log(`results written to ${resultsFile}`);
}

await main();
