import { readFileSync } from 'node:fs';
import { type BurstResult, burst, percentile } from '../burst';
import { collectGarbage } from '../inspector-gc';
import { DATASET } from '../dataset';
import { clientUserId, providerId, providerUserId, slotId } from '../ids';
import { mintToken } from '../tokens';

export interface StormResult {
  requests: number;
  clients: number;
  slots: number;
  created: number;
  conflicts: number;
  serverErrors: number;
  otherStatus: Record<string, number>;
  networkErrors: number;
  p50: number;
  p99: number;
  max: number;
  wallMs: number;
  /** Booked appointments on this rush's 500 slots afterwards (one per slot expected). */
  bookedAfter: number;
  distinctSlotsBooked: number;
  /** Which rush (0, 1, 2: each on its own 500 fresh slots). */
  round: number;
  /** Answers per second over the whole rush: requests / wall time. */
  rate: number;
  /** Server RSS sampled every 50 ms during the rush (peak), and settled 2 s after it, MB. */
  rssPeakMB: number;
  rssAfterMB: number;
  /** nodejs_heap_size_used_bytes 2 s after the rush (GET /metrics), MB. */
  heapAfterMB: number;
  /** The same after a full garbage collection (the live heap: the leak check's measure), MB. */
  liveHeapMB: number;
  /** RSS after that collection, MB. */
  rssAfterGcMB: number;
}

/** The server's resident memory from /proc (read by the runner: costs the server nothing). */
export function rssMB(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

const REQUESTS = 2_000;
const CLIENTS = 500;

/**
 * Request r of rush `round`: client r % 500 with its token, its (r / 500)-th try, on a slot a
 * quarter of the rush's 500 further — every client tries 4 slots, every slot is wanted by 4.
 * Rush `round` takes its own fresh slots: k in [round × 500, round × 500 + 500).
 */
async function rushRequests(round: number) {
  const { index, slots } = DATASET.stormProvider;
  const tokens = await Promise.all(
    Array.from({ length: CLIENTS }, (_, c) =>
      mintToken({ userId: clientUserId(c + 1), role: 'client', providerId: null }),
    ),
  );
  return (r: number) => {
    const client = r % CLIENTS;
    const slot = (client + Math.floor(r / CLIENTS) * (slots / 4)) % slots;
    return { token: tokens[client]!, timeslotId: slotId(index, round * slots + slot) };
  };
}

/** The rush: request r on connection r, all opened together (bench/src/burst.ts). */
function rushBurst(
  baseUrl: string,
  requestOf: (r: number) => { token: string; timeslotId: string },
) {
  return burst(
    baseUrl,
    Array.from({ length: REQUESTS }, (_, r) => {
      const { token, timeslotId } = requestOf(r);
      return {
        method: 'POST' as const,
        path: '/api/appointment/booking',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ timeslotId }),
      };
    }),
  );
}

export function countAnswers({ statuses }: BurstResult) {
  const { 201: created = 0, 409: conflicts = 0, ...rest } = statuses;
  const serverErrors = Object.entries(rest)
    .filter(([code]) => code.startsWith('5'))
    .reduce((sum, [, count]) => sum + count, 0);
  return { created, conflicts, serverErrors, rest };
}

export interface StormFloorResult {
  round: number;
  created: number;
  conflicts: number;
  networkErrors: number;
  p50: number;
  p99: number;
  wallMs: number;
}

/**
 * The rush's floor: the same burst (connections, tokens, bodies, slots) against the bare Fastify
 * process (bench/src/hello-server.mjs), which answers 201 to a slot's first request and 409 to
 * the rest with no auth and no database. What this machine and the load generator take for
 * 2,000 connections at once, whatever the server does.
 */
export async function runStormFloor(helloUrl: string, round: number): Promise<StormFloorResult> {
  const result = await rushBurst(helloUrl, await rushRequests(round));
  const { created, conflicts } = countAnswers(result);
  return {
    round,
    created,
    conflicts,
    networkErrors: result.networkErrors,
    p50: percentile(result.latencies, 50),
    p99: percentile(result.latencies, 99),
    wallMs: result.wallMs,
  };
}

/**
 * The provider's booked appointments on `slots`, from their own list as they see it
 * (`GET /api/appointment/provider/view`): what the database holds after a rush.
 */
export async function bookedOn(
  baseUrl: string,
  provider: { userId: string; providerId: string },
  slots: ReadonlySet<string>,
): Promise<{ appointment_id: string; timeslot_id: string }[]> {
  const token = await mintToken({ ...provider, role: 'provider' });
  const res = await fetch(`${baseUrl}/api/appointment/provider/view`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { appointments = [] } = (await res.json()) as {
    appointments?: { appointment_id: string; status: string; timeslot_id: string | null }[];
  };
  return appointments.filter(
    (a): a is { appointment_id: string; status: string; timeslot_id: string } =>
      a.status === 'booked' && a.timeslot_id !== null && slots.has(a.timeslot_id),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * 2,000 booking requests at once, from 500 clients, on 500 fresh slots of one provider (rush
 * `round` takes its own 500 of the provider's 1,500):
 * every client tries 4 different slots, every slot is wanted by 4 clients. One connection per
 * request, all opened together. Exactly one booking per slot must win; the rest get 409.
 */
export async function runStorm(
  baseUrl: string,
  options: { round: number; serverPid: number | undefined; inspectPort: number | undefined },
): Promise<StormResult> {
  const { index, slots } = DATASET.stormProvider;
  const { round: rush } = options;
  const first = rush * slots;
  const requestOf = await rushRequests(rush);
  let rssPeakMB = rssMB(options.serverPid);
  const sampler = setInterval(() => {
    rssPeakMB = Math.max(rssPeakMB, rssMB(options.serverPid));
  }, 50);
  const result = await rushBurst(baseUrl, requestOf);
  const { wallMs } = result;
  clearInterval(sampler);
  const { created, conflicts, serverErrors, rest } = countAnswers(result);

  // What the database says: the provider's own list, as the provider sees it.
  const mine = new Set(Array.from({ length: slots }, (_, k) => slotId(index, first + k)));
  const booked = await bookedOn(
    baseUrl,
    { userId: providerUserId(index), providerId: providerId(index) },
    mine,
  );
  // Memory once the rush is over and the garbage of it had a moment to go.
  await sleep(2_000);
  const rssAfterMB = rssMB(options.serverPid);
  const heapUsedMB = async () => {
    const metrics = await fetch(`${baseUrl}/metrics`).then((r) => r.text());
    const bytes = Number(/^nodejs_heap_size_used_bytes ([0-9.e+]+)$/m.exec(metrics)?.[1] ?? NaN);
    return bytes / 1024 / 1024;
  };
  const heapAfterMB = await heapUsedMB();
  let liveHeapMB = NaN;
  let rssAfterGcMB = NaN;
  if (options.inspectPort !== undefined) {
    await collectGarbage(options.inspectPort);
    liveHeapMB = await heapUsedMB();
    rssAfterGcMB = rssMB(options.serverPid);
  }
  return {
    round: rush,
    rate: REQUESTS / (wallMs / 1000),
    rssPeakMB,
    rssAfterMB,
    heapAfterMB,
    liveHeapMB,
    rssAfterGcMB,
    requests: REQUESTS,
    clients: CLIENTS,
    slots,
    created,
    conflicts,
    serverErrors,
    otherStatus: rest,
    networkErrors: result.networkErrors,
    p50: percentile(result.latencies, 50),
    p99: percentile(result.latencies, 99),
    max: result.latencies.at(-1) ?? NaN,
    wallMs,
    bookedAfter: booked.length,
    distinctSlotsBooked: new Set(booked.map((a) => a.timeslot_id)).size,
  };
}
