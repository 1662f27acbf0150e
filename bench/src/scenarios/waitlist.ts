import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import type { Db } from '../../../apps/server/src/db/client';
import * as schema from '../../../apps/server/src/db/schema';
import { offerSlots } from '../../../apps/server/src/modules/waitlist/offers';
import { type BurstRequest, burst, percentile } from '../burst';
import { DATASET } from '../dataset';
import { waitlistIds } from '../ids';
import { mintToken } from '../tokens';

/**
 * The waitlist (docs/product.md §17, docs/decisions/069-waitlist.md) on its own rows
 * (DATASET.waitlist, seed-waitlist.ts):
 * 1. "freed slot → offer at the socket": for each of `rounds` providers, the client holding its
 *    first slot cancels through HTTP while the first client waiting for it has a socket open;
 *    from sending the cancel to that socket's `waitlist_offer` for the slot, one round at a time;
 * 2. the offered slot rushed: the offeree accepts while `rushSize − 1` other clients book the same
 *    slot, all sent at the same instant, `rushRounds` times; afterwards the provider's own list
 *    (GET /api/appointment/provider/view) must hold exactly one booking of the slot, the offeree's;
 * 3. on PostgreSQL, the plan of the match (`offerToNext` in modules/waitlist/offers.ts) at this
 *    size: the module's own statement, captured as it runs in a transaction rolled back, then
 *    EXPLAIN (ANALYZE, BUFFERS) of the same text and parameters, also rolled back.
 */

export interface WaitlistRushRound {
  timeslotId: string;
  offered: boolean;
  /** The offeree's accept: status, and the code of a refusal. */
  accept: string;
  /** The others' answers, "status code" → count. */
  others: Record<string, number>;
  /** Clients holding a booking of the slot afterwards (the provider's list). */
  bookedBy: string[];
  offeree: string;
  exact: boolean;
}

export interface WaitlistPlan {
  lines: string[];
  /** The line naming waitlist_windows' scan. */
  keyLine: string;
  indexScan: boolean;
  seqScan: boolean;
}

export interface WaitlistResult {
  rounds: number;
  /** Offers that reached their socket within the timeout. */
  arrived: number;
  cancelFailures: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** The cancel's own HTTP answer (sent → answered), for comparison. */
  cancelP50: number;
  cancelP99: number;
  /** Control: the same cancel of a provider nobody waits for, right after each round. */
  controlP50: number;
  controlP99: number;
  controlFailures: Record<string, number>;
  rushes: WaitlistRushRound[];
  plan: WaitlistPlan | null;
}

const EVENT_TIMEOUT_MS = 5_000;

interface Offered {
  offerId: string;
  timeslotId: string;
}

/** A client's socket that resolves each `waitlist_offer` for a slot asked for. */
async function offereeSocket(baseUrl: string, token: string) {
  const arrived = new Map<string, { at: number; offer: Offered }>();
  const waiting = new Map<string, (value: { at: number; offer: Offered }) => void>();
  const socket: Socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    reconnection: false,
    timeout: 30_000,
  });
  socket.on('waitlist_offer', (offer: Offered) => {
    const value = { at: performance.now(), offer };
    const resolve = waiting.get(offer.timeslotId);
    if (resolve) resolve(value);
    else arrived.set(offer.timeslotId, value);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    offerOf(timeslotId: string): Promise<{ at: number; offer: Offered } | null> {
      const early = arrived.get(timeslotId);
      if (early) return Promise.resolve(early);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), EVENT_TIMEOUT_MS);
        waiting.set(timeslotId, (value) => {
          clearTimeout(timer);
          resolve(value);
        });
      });
    },
  };
}

const clientToken = (c: number) =>
  mintToken({ userId: waitlistIds.client(c), role: 'client', providerId: null });

/** The holder of slot 0 of provider p cancels it (seed-waitlist.ts: client p + 37). */
async function cancelFirstSlot(baseUrl: string, p: number) {
  const { clients } = DATASET.waitlist;
  const token = await clientToken((p + 37) % clients);
  const res = await fetch(`${baseUrl}/api/appointment/cancel/${waitlistIds.appointment(p, 0)}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const body = await res.text();
  return { status: res.status, body };
}

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

const codeOf = (body: string | null | undefined) => {
  try {
    return (JSON.parse(body ?? '') as { code?: string }).code ?? '';
  } catch {
    return '';
  }
};

/** Step 1: cancel → waitlist_offer at the first waiter's socket, one round at a time. */
async function timeOffers(baseUrl: string, rounds: number) {
  const latencies: number[] = [];
  const answers: number[] = [];
  const controls: number[] = [];
  const cancelFailures: Record<string, number> = {};
  const controlFailures: Record<string, number> = {};
  for (let p = 0; p < rounds; p++) {
    const offeree = await offereeSocket(baseUrl, await clientToken(p));
    try {
      const timeslotId = waitlistIds.slot(p, 0);
      const sent = performance.now();
      const arrival = offeree.offerOf(timeslotId);
      const cancel = await cancelFirstSlot(baseUrl, p);
      answers.push(performance.now() - sent);
      if (cancel.status !== 200) {
        bump(cancelFailures, `${cancel.status} ${codeOf(cancel.body)}`);
        continue;
      }
      const offered = await arrival;
      if (offered) latencies.push(offered.at - sent);
    } finally {
      offeree.socket.close();
    }
    if (p < DATASET.waitlist.controlProviders) {
      const sent = performance.now();
      const control = await cancelFirstSlot(baseUrl, DATASET.waitlist.providers + p);
      if (control.status === 200) controls.push(performance.now() - sent);
      else bump(controlFailures, `${control.status} ${codeOf(control.body)}`);
    }
  }
  for (const list of [latencies, answers, controls]) list.sort((a, b) => a - b);
  return { latencies, answers, controls, cancelFailures, controlFailures };
}

/** Step 2: one offered slot, the offeree's accept among `rushSize − 1` bookings at once. */
async function rushOffer(baseUrl: string, p: number): Promise<WaitlistRushRound> {
  const { clients, rushSize } = DATASET.waitlist;
  const timeslotId = waitlistIds.slot(p, 0);
  const offeree = await offereeSocket(baseUrl, await clientToken(p));
  const round: WaitlistRushRound = {
    timeslotId,
    offered: false,
    accept: '',
    others: {},
    bookedBy: [],
    offeree: waitlistIds.client(p),
    exact: false,
  };
  try {
    const arrival = offeree.offerOf(timeslotId);
    const cancel = await cancelFirstSlot(baseUrl, p);
    const offered = cancel.status === 200 ? await arrival : null;
    if (!offered) return round;
    round.offered = true;
    // The others: clients 500 + p + i (never the offeree, nor the holder who just canceled).
    const others = await Promise.all(
      Array.from({ length: rushSize - 1 }, (_, i) => clientToken((p + 500 + i) % clients)),
    );
    const headers = (token: string) => ({
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    });
    const requests: BurstRequest[] = others.map((token) => ({
      method: 'POST',
      path: '/api/appointment/booking',
      headers: headers(token),
      body: JSON.stringify({ timeslotId }),
    }));
    const acceptAt = Math.floor(requests.length / 2);
    requests.splice(acceptAt, 0, {
      method: 'POST',
      path: `/api/waitlist/offers/${offered.offer.offerId}/accept`,
      headers: headers(await clientToken(p)),
      body: '{}',
    });
    const answered = await burst(baseUrl, requests, { bodies: true, timeoutMs: 30_000 });
    const bodies = answered.bodies ?? [];
    (answered.answerStatuses ?? []).forEach((status, i) => {
      const key = status === null ? 'error' : `${status} ${codeOf(bodies[i])}`.trim();
      if (i === acceptAt) round.accept = key;
      else bump(round.others, key);
    });
    // What the provider's own list holds of the slot afterwards.
    const providerToken = await mintToken({
      userId: waitlistIds.providerUser(p),
      role: 'provider',
      providerId: waitlistIds.provider(p),
    });
    const list = await fetch(`${baseUrl}/api/appointment/provider/view`, {
      headers: { authorization: `Bearer ${providerToken}` },
    });
    const { appointments } = (await list.json()) as {
      appointments: { timeslot_id: string; status: string; client_first_name: string }[];
    };
    round.bookedBy = appointments
      .filter((a) => a.timeslot_id === timeslotId && a.status === 'booked')
      .map((a) => a.client_first_name);
    round.exact =
      round.accept === '201' &&
      round.bookedBy.length === 1 &&
      round.bookedBy[0] === `Waiter${p}` &&
      Object.keys(round.others).every((key) => key.startsWith('409'));
    return round;
  } finally {
    offeree.socket.close();
  }
}

/** Step 3: the match statement's plan at this size (PostgreSQL only), nothing kept. */
export async function explainMatch(databaseUrl: string): Promise<WaitlistPlan> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const captured: { query: string; params: unknown[] }[] = [];
    const db = drizzle(client, {
      schema,
      logger: { logQuery: (query, params) => captured.push({ query, params }) },
    }) as unknown as Db;
    // A free slot with ten entries waiting for it: the last slot of the last provider.
    const { providers, slotsPerProvider } = DATASET.waitlist;
    const slot = waitlistIds.slot(providers - 1, slotsPerProvider - 1);
    const rollback = new Error('rollback');
    await db
      .transaction(async (tx) => {
        await offerSlots(tx, { holdMinutes: 15, publicUrl: 'http://localhost:5001' }, [slot]);
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    const match = captured.find((q) => q.query.includes('next_entry'));
    if (!match) throw new Error('the match statement did not run (no offerable slot?)');
    await client.query('begin');
    try {
      const explained = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${match.query}`,
        match.params,
      );
      const lines = explained.rows.map((row) => row['QUERY PLAN']);
      // An index scan, index-only scan or bitmap index scan of the match index (a bitmap heap
      // scan then reads the rows it found), and no sequential scan of the windows.
      const keyLine =
        lines.find((line) => line.includes('waitlist_windows_match_idx'))?.trim() ??
        lines.find((line) => /Scan on waitlist_windows /.test(line))?.trim() ??
        '';
      return {
        lines,
        keyLine,
        indexScan:
          /(Index|Index Only|Bitmap Index) Scan (using|on) waitlist_windows_match_idx/.test(
            keyLine,
          ),
        seqScan: lines.some((line) => /Seq Scan on waitlist_windows /.test(line)),
      };
    } finally {
      await client.query('rollback');
    }
  } finally {
    await client.end();
  }
}

export async function runWaitlist(
  baseUrl: string,
  options: { databaseUrl: string | undefined },
): Promise<WaitlistResult> {
  const { rounds, rushRounds } = DATASET.waitlist;
  const plan = options.databaseUrl ? await explainMatch(options.databaseUrl) : null;
  const timed = await timeOffers(baseUrl, rounds);
  const rushes: WaitlistRushRound[] = [];
  for (let r = 0; r < rushRounds; r++) rushes.push(await rushOffer(baseUrl, rounds + r));
  const { latencies, answers } = timed;
  return {
    rounds,
    arrived: latencies.length,
    cancelFailures: timed.cancelFailures,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    cancelP50: percentile(answers, 50),
    cancelP99: percentile(answers, 99),
    controlP50: percentile(timed.controls, 50),
    controlP99: percentile(timed.controls, 99),
    controlFailures: timed.controlFailures,
    rushes,
    plan,
  };
}
