/** The bench's command line: which scenarios to run, and the settings read from BENCH_* variables. */
import { DATASET } from './dataset';
import { POOL_SIZE } from './processes';

export const SCENARIOS = [
  'search',
  'discovery',
  'slots',
  'dashboard',
  'week',
  'storm',
  'realtime',
  'messages',
  'pages',
  'teams',
  'class-rush',
  'series',
  'prepay-rush',
  'payments-webhooks',
  'waitlist',
  'calendar',
  'push',
  'figures',
  'seo',
  'replica',
  'pgbouncer',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

/** Scenarios whose figures are judged against the same run's ceilings. */
export const CEILINGED: readonly Scenario[] = [
  'storm',
  'realtime',
  'class-rush',
  'series',
  'prepay-rush',
  'waitlist',
  'push',
  'figures',
  'replica',
  'pgbouncer',
];

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
export const settings = {
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
  /** The series scenario: series booked (one per client, at most DATASET.classes.seriesClients), in flight. */
  series: env('BENCH_SERIES', DATASET.classes.seriesClients),
  seriesConcurrency: env('BENCH_SERIES_CONCURRENCY', 4),
  /** The prepaid rush's checkouts in flight (docs/decisions/068-payments.md). */
  checkoutConcurrency: env('BENCH_CHECKOUT_CONCURRENCY', 4),
  /** payments-webhooks: deliveries in flight. */
  webhookConcurrency: env('BENCH_WEBHOOK_CONCURRENCY', 50),
  /** push: bookings whose push is timed (and as many control bookings). */
  pushBookings: env('BENCH_PUSH_BOOKINGS', 200),
};

export const log = (line: string) => console.log(`bench: ${line}`);

const USAGE = `usage: npm run bench [-- scenario…]   (every scenario when none is named)
scenarios: ${SCENARIOS.join(' ')}
settings and what each scenario measures: bench/README.md`;

/** The scenarios named on the command line; `--help` prints the usage and exits. */
export function parseScenarios(args: string[]): Scenario[] {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  const wanted = args.filter((a) => !a.startsWith('-'));
  if (wanted.length === 0) return [...SCENARIOS];
  const unknown = wanted.filter((a) => !(SCENARIOS as readonly string[]).includes(a));
  if (unknown.length > 0) {
    console.error(
      `bench: unknown scenario ${unknown.join(', ')} (choose from ${SCENARIOS.join(', ')})`,
    );
    process.exit(2);
  }
  return SCENARIOS.filter((s) => wanted.includes(s));
}
