import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const REQUESTS = 2_000;
const CLIENTS = 500;

/**
 * 2,000 booking requests at once, from 500 clients, on 500 fresh slots of one provider (rush
 * `round` takes its own 500 of the provider's 1,500):
 * every client tries 4 different slots, every slot is wanted by 4 clients. One connection per
 * request, all opened together. Exactly one booking per slot must win; the rest get 409.
 */
export async function runStorm(
  baseUrl: string,
  options: { round: number; serverPid: number | undefined },
): Promise<StormResult> {
  const { index, slots } = DATASET.stormProvider;
  const { round: rush } = options;
  // This rush's own fresh slots: k in [rush × 500, rush × 500 + 500).
  const first = rush * slots;
  const tokens = await Promise.all(
    Array.from({ length: CLIENTS }, (_, c) =>
      mintToken({ userId: clientUserId(c + 1), role: 'client', providerId: null }),
    ),
  );
  // Request r: client r % 500, its (r / 500)-th try, on a slot a quarter of the list further.
  const requestOf = (r: number) => {
    const client = r % CLIENTS;
    const round = Math.floor(r / CLIENTS);
    const slot = (client + round * (slots / 4)) % slots;
    return { token: tokens[client]!, timeslotId: slotId(index, first + slot) };
  };
  let nextConnection = 0;
  let rssPeakMB = rssMB(options.serverPid);
  const sampler = setInterval(() => {
    rssPeakMB = Math.max(rssPeakMB, rssMB(options.serverPid));
  }, 50);
  const started = performance.now();
  const result = await autocannon({
    url: baseUrl,
    connections: REQUESTS,
    amount: REQUESTS,
    timeout: 60,
    includeErrorStats: true,
    requests: [
      {
        method: 'POST',
        setupRequest: (request, context) => {
          // One request per connection: the connection's own number picks its request.
          context.r ??= nextConnection++;
          const { token, timeslotId } = requestOf(context.r as number);
          return {
            ...request,
            path: '/api/appointment/booking',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ timeslotId }),
          };
        },
      },
    ],
  });
  const wallMs = performance.now() - started;
  clearInterval(sampler);
  const status: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {}))
    status[code] = count;
  const { 201: created = 0, 409: conflicts = 0, ...rest } = status;
  const serverErrors = Object.entries(rest)
    .filter(([code]) => code.startsWith('5'))
    .reduce((sum, [, count]) => sum + count, 0);

  // What the database says: the provider's own list, as the provider sees it.
  const providerToken = await mintToken({
    userId: providerUserId(index),
    role: 'provider',
    providerId: providerId(index),
  });
  const res = await fetch(`${baseUrl}/api/appointment/provider/view`, {
    headers: { authorization: `Bearer ${providerToken}` },
  });
  const { appointments = [] } = (await res.json()) as {
    appointments?: { status: string; timeslot_id: string | null }[];
  };
  const mine = new Set(Array.from({ length: slots }, (_, k) => slotId(index, first + k)));
  const booked = appointments.filter(
    (a) => a.status === 'booked' && a.timeslot_id !== null && mine.has(a.timeslot_id),
  );
  // Memory once the rush is over and the garbage of it had a moment to go.
  await sleep(2_000);
  const rssAfterMB = rssMB(options.serverPid);
  const metrics = await fetch(`${baseUrl}/metrics`).then((r) => r.text());
  const heap = Number(/^nodejs_heap_size_used_bytes ([0-9.e+]+)$/m.exec(metrics)?.[1] ?? NaN);
  return {
    round: rush,
    rate: REQUESTS / (wallMs / 1000),
    rssPeakMB,
    rssAfterMB,
    heapAfterMB: heap / 1024 / 1024,
    requests: REQUESTS,
    clients: CLIENTS,
    slots,
    created,
    conflicts,
    serverErrors,
    otherStatus: rest,
    networkErrors: result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    wallMs,
    bookedAfter: booked.length,
    distinctSlotsBooked: new Set(booked.map((a) => a.timeslot_id)).size,
  };
}
