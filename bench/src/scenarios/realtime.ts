import http from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { DATASET } from '../dataset';
import { clientUserId, providerId, providerUserId, slotId } from '../ids';
import { readMetrics } from '../processes';
import { mintToken } from '../tokens';

export interface RealtimeResult {
  sockets: number;
  connected: number;
  connectFailures: number;
  connectSeconds: number;
  bookings: number;
  bookingConcurrency: number;
  delivered: number;
  /**
   * The booking's statement began (its notification's created_at = now() of the one statement
   * that claims, writes and commits) → its new_appointment received by the provider's socket,
   * ms (wall clocks of the same machine).
   */
  p50: number;
  p99: number;
  max: number;
  /** Booking request sent → new_appointment received, ms (an upper bound of the above). */
  sentToEventP50: number;
  sentToEventP99: number;
  /** Booking request sent → 201 received, ms (for comparison). */
  bookingP50: number;
  bookingP99: number;
  rssPerSocketKB: number;
  heapPerSocketKB: number;
  rssBeforeMB: number;
  rssAfterMB: number;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's memory: the median of a few readings a second apart (GC comes and goes). */
async function memory(url: string) {
  const readings: { rss: number; heap: number }[] = [];
  for (let i = 0; i < 5; i++) {
    if (i > 0) await sleep(1_000);
    const m = await readMetrics(url);
    readings.push({
      rss: m.process_resident_memory_bytes ?? NaN,
      heap: m.nodejs_heap_size_used_bytes ?? NaN,
    });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[2]!;
  return { rss: median(readings.map((r) => r.rss)), heap: median(readings.map((r) => r.heap)) };
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pooled<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * 5,000 providers connected over socket.io (their own tokens, websocket only); the server's
 * memory before and after they connect; then clients book one slot each of 1,000 of those
 * providers, 10 bookings in flight, and each provider's socket times its new_appointment.
 */
export async function runRealtime(
  baseUrl: string,
  options: { sockets: number; bookings: number; concurrency: number },
): Promise<RealtimeResult> {
  const first = DATASET.firstRealtimeProvider;
  const count = options.sockets;
  const tokens = await Promise.all(
    Array.from({ length: count }, (_, n) =>
      mintToken({
        userId: providerUserId(first + n),
        role: 'provider',
        providerId: providerId(first + n),
      }),
    ),
  );

  await sleep(2_000);
  const before = await memory(baseUrl);

  const sockets: Socket[] = [];
  const arrivals = new Map<string, number>();
  const arrivalWall = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  let connectFailures = 0;
  const connectStarted = performance.now();
  await pooled(tokens, 200, async (token) => {
    const socket = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      forceNew: true,
      reconnection: false,
      timeout: 30_000,
    });
    socket.on('new_appointment', ({ appointmentId }: { appointmentId: string }) => {
      const at = performance.now();
      arrivalWall.set(appointmentId, Date.now());
      const resolve = waiting.get(appointmentId);
      if (resolve) resolve(at);
      else arrivals.set(appointmentId, at);
    });
    const ok = await new Promise<boolean>((resolve) => {
      socket.once('connect', () => resolve(true));
      socket.once('connect_error', () => resolve(false));
    });
    if (ok) sockets.push(socket);
    else {
      connectFailures++;
      socket.close();
    }
  });
  const connectSeconds = (performance.now() - connectStarted) / 1000;

  await sleep(3_000);
  const after = await memory(baseUrl);

  // Bookings: client n books the first slot of provider (first + n * 5) — 1,000 distinct
  // providers, each with its socket open.
  const clientTokens = await Promise.all(
    Array.from({ length: 500 }, (_, c) =>
      mintToken({ userId: clientUserId(501 + c), role: 'client', providerId: null }),
    ),
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const book = (token: string, timeslotId: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const payload = JSON.stringify({ timeslotId });
      const req = http.request(
        `${baseUrl}/api/appointment/booking`,
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

  const spread = Math.max(1, Math.floor(sockets.length / options.bookings));
  const jobs = Array.from({ length: options.bookings }, (_, n) => n);
  const latencies: number[] = [];
  const bookingLatencies: number[] = [];
  /** appointment id → the provider (index into tokens) whose socket got it. */
  const bookedBy = new Map<string, number>();
  let failed = 0;
  let firstFailure = '';
  await pooled(jobs, options.concurrency, async (n) => {
    const socketIndex = (n * spread) % count;
    const provider = first + socketIndex;
    const started = performance.now();
    const res = await book(clientTokens[n % clientTokens.length]!, slotId(provider, 0));
    const answered = performance.now();
    if (res.status !== 201) {
      failed++;
      firstFailure ||= `${res.status} ${res.body.slice(0, 200)}`;
      return;
    }
    bookingLatencies.push(answered - started);
    const { appointment } = JSON.parse(res.body) as { appointment: { appointment_id: string } };
    const id = appointment.appointment_id;
    bookedBy.set(id, socketIndex);
    const arrived =
      arrivals.get(id) ??
      (await Promise.race([
        new Promise<number>((resolve) => waiting.set(id, resolve)),
        sleep(10_000).then(() => NaN),
      ]));
    if (!Number.isNaN(arrived)) latencies.push(arrived - started);
  });
  for (const socket of sockets) socket.close();

  // When each booking's statement ran, from the provider's own notification of it.
  const commitToEvent: number[] = [];
  await pooled([...bookedBy], options.concurrency, async ([appointmentId, socketIndex]) => {
    const arrived = arrivalWall.get(appointmentId);
    if (arrived === undefined) return;
    const res = await fetch(`${baseUrl}/api/notifications/unread`, {
      headers: { authorization: `Bearer ${tokens[socketIndex]!}` },
    });
    const { unreadNotifications = [] } = (await res.json()) as {
      unreadNotifications?: { appointmentId: string | null; created_at: string }[];
    };
    const stored = unreadNotifications.find((item) => item.appointmentId === appointmentId);
    if (stored) commitToEvent.push(arrived - Date.parse(stored.created_at));
  });
  agent.destroy();
  if (failed > 0)
    throw new Error(`${failed} bookings failed during the real-time scenario: ${firstFailure}`);

  return {
    sockets: count,
    connected: sockets.length,
    connectFailures,
    connectSeconds,
    bookings: options.bookings,
    bookingConcurrency: options.concurrency,
    delivered: latencies.length,
    p50: percentile(commitToEvent, 50),
    p99: percentile(commitToEvent, 99),
    max: percentile(commitToEvent, 100),
    sentToEventP50: percentile(latencies, 50),
    sentToEventP99: percentile(latencies, 99),
    bookingP50: percentile(bookingLatencies, 50),
    bookingP99: percentile(bookingLatencies, 99),
    rssPerSocketKB: (after.rss - before.rss) / 1024 / Math.max(1, sockets.length),
    heapPerSocketKB: (after.heap - before.heap) / 1024 / Math.max(1, sockets.length),
    rssBeforeMB: before.rss / 1024 / 1024,
    rssAfterMB: after.rss / 1024 / 1024,
  };
}
