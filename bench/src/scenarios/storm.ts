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
  /** Booked appointments on the storm provider afterwards (one per slot expected). */
  bookedAfter: number;
  distinctSlotsBooked: number;
}

const REQUESTS = 2_000;
const CLIENTS = 500;

/**
 * 2,000 booking requests at once, from 500 clients, on the 500 fresh slots of one provider:
 * every client tries 4 different slots, every slot is wanted by 4 clients. One connection per
 * request, all opened together. Exactly one booking per slot must win; the rest get 409.
 */
export async function runStorm(baseUrl: string): Promise<StormResult> {
  const { index, slots } = DATASET.stormProvider;
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
    return { token: tokens[client]!, timeslotId: slotId(index, slot) };
  };
  let nextConnection = 0;
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
  const booked = appointments.filter((a) => a.status === 'booked');
  return {
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
