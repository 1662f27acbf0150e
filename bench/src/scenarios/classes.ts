import http from 'node:http';
import { type BurstRequest, burst, percentile } from '../burst';
import { DATASET } from '../dataset';
import { classIds, clientUserId } from '../ids';
import { mintToken } from '../tokens';
import { bookedOn, countAnswers } from './storm';

/**
 * Classes and series (docs/decisions/067-seats-and-series.md), on providers of their own
 * (DATASET.classes, seeded by seed.ts):
 * - the class rush: every bench client (1,000) books the ONE slot of 100 seats at the same
 *   instant, one connection each (bench/src/burst.ts, as the booking rush): exactly 100 must win;
 * - series: clients book a 26-week weekly series (`POST /api/appointment/series`) a few at a
 *   time, each answer timed; 200 series fill the series provider's 52 classes of 100 seats.
 */

const { capacity, seriesCount, seriesClients, seriesStarts } = DATASET.classes;
const RUSH_CLIENTS = DATASET.clients;

export interface ClassRushResult {
  requests: number;
  capacity: number;
  created: number;
  conflicts: number;
  /** The refusals (answers that are not 201) by their code: SLOT_TAKEN, …. */
  refusalCodes: Record<string, number>;
  serverErrors: number;
  otherStatus: Record<string, number>;
  networkErrors: number;
  /** Distinct appointments the 201 answers name (request r is client r + 1's, one each). */
  distinctWinners: number;
  /** Booked appointments on the class afterwards, from the provider's own list. */
  bookedAfter: number;
  /** Of those, how many a 201 answer named (all of them: no seat given without an answer). */
  bookedAnswered: number;
  p50: number;
  p99: number;
  max: number;
  wallMs: number;
}

/** The rush's requests: client c (1…1,000) asks for the class's one slot. */
async function rushRequests(): Promise<BurstRequest[]> {
  const tokens = await Promise.all(
    Array.from({ length: RUSH_CLIENTS }, (_, c) =>
      mintToken({ userId: clientUserId(c + 1), role: 'client', providerId: null }),
    ),
  );
  const body = JSON.stringify({ timeslotId: classIds.rushSlot });
  return tokens.map((token) => ({
    method: 'POST',
    path: '/api/appointment/booking',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body,
  }));
}

function parseAnswer(text: string | null): {
  code?: string;
  appointment?: { appointment_id?: string };
} {
  try {
    return text ? (JSON.parse(text) as ReturnType<typeof parseAnswer>) : {};
  } catch {
    return { code: 'not JSON' };
  }
}

/** 1,000 bookings of one 100-seat class, all opened together; then what the provider's list holds. */
export async function runClassRush(baseUrl: string): Promise<ClassRushResult> {
  const requests = await rushRequests();
  const result = await burst(baseUrl, requests, { bodies: true });
  const { created, conflicts, serverErrors, rest } = countAnswers(result);
  const refusalCodes: Record<string, number> = {};
  const winners = new Set<string>();
  for (const [r, text] of result.bodies!.entries()) {
    const body = parseAnswer(text);
    if (body.appointment) winners.add(body.appointment.appointment_id ?? `request ${r}`);
    else if (body.code) refusalCodes[body.code] = (refusalCodes[body.code] ?? 0) + 1;
  }
  const booked = await bookedOn(
    baseUrl,
    { userId: classIds.providerUser(1), providerId: classIds.provider(1) },
    new Set([classIds.rushSlot]),
  );
  return {
    requests: requests.length,
    capacity,
    created,
    conflicts,
    refusalCodes,
    serverErrors,
    otherStatus: rest,
    networkErrors: result.networkErrors,
    distinctWinners: winners.size,
    bookedAfter: booked.length,
    bookedAnswered: booked.filter((a) => winners.has(a.appointment_id)).length,
    p50: percentile(result.latencies, 50),
    p99: percentile(result.latencies, 99),
    max: result.latencies.at(-1) ?? NaN,
    wallMs: result.wallMs,
  };
}

export interface ClassRushFloor {
  wallMs: number;
  p99: number;
}

/**
 * The rush's floor: the same 1,000 connections, tokens and bodies against bare Fastify
 * (bench/src/hello-server.mjs: no auth, no database, the first ask wins, the rest 409).
 */
export async function runClassRushFloor(helloUrl: string): Promise<ClassRushFloor> {
  const result = await burst(helloUrl, await rushRequests());
  return { wallMs: result.wallMs, p99: percentile(result.latencies, 99) };
}

/** Whether the rush booked exactly the class's seats, each to a different client, no error. */
export function classRushExact(rush: ClassRushResult): boolean {
  return (
    rush.created === rush.capacity &&
    rush.conflicts === rush.requests - rush.capacity &&
    rush.serverErrors === 0 &&
    rush.networkErrors === 0 &&
    Object.keys(rush.otherStatus).length === 0 &&
    rush.distinctWinners === rush.capacity &&
    rush.bookedAfter === rush.capacity &&
    rush.bookedAnswered === rush.capacity
  );
}

export interface SeriesResult {
  /** Series asked for (one per client) and at most how many in flight. */
  series: number;
  concurrency: number;
  occurrencesAsked: number;
  /** Answers per HTTP status. */
  statuses: Record<string, number>;
  /** The first answer that was not a 201 (status and the start of its body). */
  firstFailure: string | null;
  /** Occurrences the 201 answers booked, and the weeks they listed as conflicts. */
  occurrencesBooked: number;
  conflicts: number;
  /** Conflicts by reason. */
  conflictReasons: Record<string, number>;
  /** Booked appointments on the series provider's classes afterwards (its own list). */
  bookedAfter: number;
  /** Classes whose seats are all taken afterwards, of how many. */
  fullClasses: number;
  classes: number;
  p50: number;
  p99: number;
  max: number;
  wallMs: number;
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function pooled<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * `series` clients (bench clients 1…n) each book the weekly series of 26 from the first week's
 * class at start time c mod 2, `concurrency` requests in flight on kept-alive connections;
 * each request is timed from sent to its whole answer.
 */
export async function runSeries(
  baseUrl: string,
  options: { series: number; concurrency: number },
): Promise<SeriesResult> {
  const series = Math.min(options.series, seriesClients);
  const tokens = await Promise.all(
    Array.from({ length: series }, (_, c) =>
      mintToken({ userId: clientUserId(c + 1), role: 'client', providerId: null }),
    ),
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const post = (token: string, payload: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${baseUrl}/api/appointment/series`,
        {
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const conflictReasons: Record<string, number> = {};
  let firstFailure: string | null = null;
  let occurrencesBooked = 0;
  let conflicts = 0;
  const started = performance.now();
  await pooled(
    Array.from({ length: series }, (_, c) => c),
    options.concurrency,
    async (c) => {
      const payload = JSON.stringify({
        timeslotId: classIds.seriesSlot(c % seriesStarts.length, 0),
        intervalWeeks: 1,
        count: seriesCount,
      });
      const sent = performance.now();
      const res = await post(tokens[c]!, payload).catch((error: unknown) => ({
        status: 0,
        body: String(error),
      }));
      latencies.push(performance.now() - sent);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status !== 201) {
        firstFailure ??= `${res.status} ${res.body.slice(0, 200)}`;
        return;
      }
      const answer = JSON.parse(res.body) as {
        appointments?: unknown[];
        conflicts?: { reason: string }[];
      };
      occurrencesBooked += answer.appointments?.length ?? 0;
      for (const { reason } of answer.conflicts ?? []) {
        conflicts += 1;
        conflictReasons[reason] = (conflictReasons[reason] ?? 0) + 1;
      }
    },
  );
  const wallMs = performance.now() - started;
  agent.destroy();
  latencies.sort((a, b) => a - b);

  const classes = new Set(
    seriesStarts.flatMap((_, t) =>
      Array.from({ length: seriesCount }, (_, w) => classIds.seriesSlot(t, w)),
    ),
  );
  const booked = await bookedOn(
    baseUrl,
    { userId: classIds.providerUser(2), providerId: classIds.provider(2) },
    classes,
  );
  const perClass = new Map<string, number>();
  for (const { timeslot_id } of booked)
    perClass.set(timeslot_id, (perClass.get(timeslot_id) ?? 0) + 1);
  return {
    series,
    concurrency: options.concurrency,
    occurrencesAsked: series * seriesCount,
    statuses,
    firstFailure,
    occurrencesBooked,
    conflicts,
    conflictReasons,
    bookedAfter: booked.length,
    fullClasses: [...perClass.values()].filter((n) => n === capacity).length,
    classes: classes.size,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    wallMs,
  };
}
