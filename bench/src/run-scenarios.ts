/**
 * Runs the chosen scenarios: the reads, the week render, the rush, the pages and the teams
 * rushes on one server; real time, messages, webhooks, waitlist, push, replica and PgBouncer
 * each on fresh ones; then the floors and the ceilings (hello world, pgbench).
 */
import { CEILINGED, type Scenario, log, settings } from './cli';
import type { BenchDatabase } from './database';
import { DATASET } from './dataset';
import { type LoadResult, runLoad } from './load';
import { type PgbenchCeilings, runPgbench } from './pgbench';
import { type BenchProcess, startFloor, startHello, startServer, withServers } from './processes';
import {
  type ClassRushFloor,
  type ClassRushResult,
  type SeriesResult,
  runClassRush,
  runClassRushFloor,
  runSeries,
} from './scenarios/classes';
import {
  type CalendarParseResult,
  type CalendarPollingResult,
  runCalendarParse,
  runCalendarPolling,
} from './scenarios/calendar';
import { type FiguresResult, runFigures } from './scenarios/figures';
import { type MessagesResult, runMessages } from './scenarios/messages';
import {
  type CheckoutsResult,
  type PrepayFloor,
  type PrepayRushResult,
  runCheckouts,
  runPrepayRush,
  runPrepayRushFloor,
} from './scenarios/prepay';
import { type PageResult, measurePage, PAGES } from './scenarios/pages';
import {
  type PaymentsWebhooksResult,
  countAfter,
  runPaymentsWebhooks,
  startBenchStripe,
} from './scenarios/payments-webhooks';
import { ALL_READ_ENDPOINTS, measureEndpoint, measureFloor } from './scenarios/reads';
import { type RealtimeResult, runRealtime } from './scenarios/realtime';
import {
  type StormFloorResult,
  type StormResult,
  runStorm,
  runStormFloor,
} from './scenarios/storm';
import {
  type TeamsRushFloor,
  type TeamsRushKind,
  type TeamsRushResult,
  runTeamsRush,
  runTeamsRushFloor,
} from './scenarios/teams';
import { type PushResult, runPushOnItsServer } from './scenarios/push';
import { type PoolerResult, type ReplicaResult, runScale } from './scenarios/scale';
import { type WaitlistResult, runWaitlist } from './scenarios/waitlist';
import { type WeekRenderResult, runWeekRender } from './scenarios/week-render';

export interface Results {
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
  /** The teams rushes ("any staff", then the room), after every other scenario on the server. */
  teamsRushes?: TeamsRushResult[];
  /** The same bursts against bare Fastify without a database. */
  teamsRushFloors?: TeamsRushFloor[];
  /** 1,000 clients at once on one class of 100 seats (docs/decisions/067-seats-and-series.md). */
  classRush?: ClassRushResult;
  /** The same burst against bare Fastify without a database. */
  classRushFloor?: ClassRushFloor;
  /** Weekly series of 26 booked a few at a time. */
  series?: SeriesResult;
  /** The booking rush on prepaid slots (docs/decisions/068-payments.md), then checkouts. */
  prepayRush?: PrepayRushResult;
  /** The same burst against bare Fastify without a database. */
  prepayRushFloor?: PrepayFloor;
  prepayCheckouts?: CheckoutsResult;
  /** Without `storm`: one plain booking rush just before the prepaid one, to compare with. */
  prepayPlainRush?: StormResult;
  /** Stripe's checkout.session.completed, one in five delivered twice (decision 068). */
  paymentsWebhooks?: PaymentsWebhooksResult;
  /** Freed slot → offer at the socket, offered slots rushed, the match's plan (decision 069). */
  waitlist?: WaitlistResult;
  /** A 5,000-event feed parsed and applied (docs/decisions/071-calendar-sync.md). */
  calendarParse?: CalendarParseResult;
  /** The read load without, then with 1,000 connections polled. */
  calendarPolling?: CalendarPollingResult;
  /** A booking's web push at the provider's push service (docs/decisions/073-phones.md). */
  push?: PushResult;
  /** The operator's figures over 1,000,000 appointments (decision 072). */
  figures?: FiguresResult;
  /** A read replica; the rush through PgBouncer (decision 077, scenarios/scale.ts). */
  replica?: ReplicaResult;
  pooler?: PoolerResult;
}

const TEAMS_RUSHES: { kind: TeamsRushKind; label: string }[] = [
  { kind: 'anyStaff', label: '"any staff": 200 bookings from 200 clients for 10 staff × 1 time' },
  { kind: 'room', label: 'one room: 200 bookings of 10 overlapping slots of different staff' },
];

/** One process around `work` (processes.ts `withServers`). */
const withProcess = <T>(
  start: () => Promise<BenchProcess>,
  work: (p: BenchProcess) => Promise<T>,
) => withServers([start], ([started]) => work(started!));

/**
 * Runs each scenario; a read endpoint that cannot be measured is recorded in `failures` (why,
 * by its key) and the others go on.
 */
export async function runAll(
  scenarios: Scenario[],
  db: BenchDatabase,
  failures: Record<string, string>,
): Promise<Results> {
  const results: Results = { reads: {} };
  const reads = ALL_READ_ENDPOINTS.filter((e) => scenarios.includes(e.scenario));
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

  // PostgreSQL only: the runner writes the connections itself (PGlite is the server's).
  const calendar = scenarios.includes('calendar') && db.kind === 'postgres';
  if (scenarios.includes('calendar') && !calendar) log('calendar: skipped (needs PostgreSQL)');
  if (calendar) results.calendarParse = await runCalendarParse(db);

  await withProcess(
    () => startServer(db),
    async (server) => {
      log(`server ready at ${server.url}`);
      // First: its million appointments and 100,000 reviews are the history every later read
      // is measured over (growth, docs/deploy.md).
      if (scenarios.includes('figures')) results.figures = await runFigures(server.url, db);
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
      if (calendar) results.calendarPolling = await runCalendarPolling(server.url, db);
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
      // Last on this server: their bookings touch no other scenario's providers or clients.
      if (scenarios.includes('teams')) {
        results.teamsRushes = [];
        for (const { kind, label } of TEAMS_RUSHES) {
          log(label);
          results.teamsRushes.push(await runTeamsRush(server.url, kind));
        }
      }
      // Classes and series: providers of their own too (DATASET.classes).
      if (scenarios.includes('class-rush')) {
        log(
          `class rush: ${DATASET.clients} clients at once on one class of ${DATASET.classes.capacity} seats`,
        );
        results.classRush = await runClassRush(server.url);
      }
      if (scenarios.includes('series')) {
        log(
          `series: ${settings.series} weekly series of ${DATASET.classes.seriesCount}, ` +
            `${settings.seriesConcurrency} in flight`,
        );
        results.series = await runSeries(server.url, {
          series: settings.series,
          concurrency: settings.seriesConcurrency,
        });
      }
      // The prepaid rush: a provider of its own too (DATASET.payments).
      if (scenarios.includes('prepay-rush')) {
        if (!scenarios.includes('storm')) {
          log('booking rush (plain, to compare): 2,000 requests on 500 fresh slots');
          results.prepayPlainRush = await runStorm(server.url, {
            round: 0,
            serverPid: server.child.pid,
            inspectPort: server.inspectPort,
          });
        }
        log('prepaid booking rush: 2,000 requests from 500 clients on 500 prepaid slots');
        const { result, holds } = await runPrepayRush(server.url, db);
        results.prepayRush = result;
        log(
          `checkouts: ${DATASET.payments.checkouts} holds paid, ` +
            `${settings.checkoutConcurrency} in flight`,
        );
        results.prepayCheckouts = await runCheckouts(
          server.url,
          db,
          holds,
          settings.checkoutConcurrency,
        );
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

  if (scenarios.includes('payments-webhooks')) {
    // A server of its own, whose Stripe is a fake one in this process.
    const stripe = await startBenchStripe();
    try {
      await withProcess(
        () => startServer(db, stripe.env),
        async (server) => {
          log(
            `payments webhooks: ${DATASET.webhooks.holds} holds, their checkout.session.completed ` +
              `(one in five twice), ${settings.webhookConcurrency} in flight`,
          );
          results.paymentsWebhooks = await runPaymentsWebhooks(
            server.url,
            stripe.fake,
            settings.webhookConcurrency,
          );
        },
      );
    } finally {
      await stripe.fake.stop();
    }
    if (results.paymentsWebhooks) await countAfter(db, results.paymentsWebhooks);
  }

  if (scenarios.includes('waitlist')) {
    // A server of its own: the offers' latency is not clouded by earlier scenarios' work.
    await withProcess(
      () => startServer(db),
      async (server) => {
        const { providers, entriesPerProvider, rounds, rushRounds, rushSize } = DATASET.waitlist;
        log(
          `waitlist: ${(providers * entriesPerProvider).toLocaleString('en')} entries over ` +
            `${providers.toLocaleString('en')} providers; ${rounds} cancels timed to the offer's ` +
            `socket event, then ${rushRounds} offered slots × ${rushSize} requests at once`,
        );
        results.waitlist = await runWaitlist(server.url, {
          databaseUrl: db.kind === 'postgres' ? db.url : undefined,
        });
      },
    );
  }

  // Web push on a server of its own (PostgreSQL only: the scenario writes its own rows).
  if (scenarios.includes('push')) results.push = await runPushOnItsServer(db);

  // Past one database server (decision 077): a replica, PgBouncer.
  Object.assign(results, await runScale(scenarios, db, regularLoad));

  // BENCH_CEILINGS=off skips them, for quick A/B runs of one scenario (no figure is judged then).
  const ceilings =
    process.env.BENCH_CEILINGS !== 'off' &&
    (reads.length > 0 || CEILINGED.some((scenario) => scenarios.includes(scenario)));
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
      if (scenarios.some((s) => s === 'storm' || s === 'replica' || s === 'pgbouncer')) {
        results.stormFloors = [];
        for (let round = 0; round < DATASET.stormProvider.rounds; round++) {
          log(`booking rush floor ${round + 1}: the same 2,000 connections, bare Fastify`);
          results.stormFloors.push(await runStormFloor(hello.url, round));
        }
      }
      if (scenarios.includes('teams')) {
        results.teamsRushFloors = [];
        for (const { kind, label } of TEAMS_RUSHES) {
          log(`floor of ${label}: bare Fastify`);
          results.teamsRushFloors.push(await runTeamsRushFloor(hello.url, kind));
        }
      }
      if (scenarios.includes('class-rush')) {
        log('floor of the class rush: the same 1,000 connections, bare Fastify');
        results.classRushFloor = await runClassRushFloor(hello.url);
      }
      if (scenarios.includes('prepay-rush')) {
        log('floor of the prepaid rush: the same 2,000 connections, bare Fastify');
        results.prepayRushFloor = await runPrepayRushFloor(hello.url);
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
