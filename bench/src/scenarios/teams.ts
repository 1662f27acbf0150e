import { type BurstRequest, burst, percentile } from '../burst';
import { DATASET } from '../dataset';
import { teamIds } from '../ids';
import { mintToken } from '../tokens';
import type { ReadEndpoint } from './read-endpoint';
import { bookedOn, countAnswers } from './storm';

/**
 * Teams and resources (docs/product.md §13, docs/decisions/064): the merged available slots of a
 * 10-staff business, then two rushes of 200 simultaneous bookings from 200 clients, one
 * connection each (bench/src/burst.ts, as the booking rush): "any staff" for 10 staff × 1 start
 * time (exactly 10 win, each staff member once), and slots of 10 staff members that overlap and
 * need the one room (exactly 1 wins). The rows are seeded by seed.ts (DATASET.teams).
 */

const { staff, days, slotsPerDay, clients } = DATASET.teams;
const staffed = { business: teamIds.business(1), service: teamIds.service(1) };
/** Staff members 1…10 (the first is the owner). */
const members = Array.from({ length: staff }, (_, i) => i + 1);

/** `YYYY-MM-DD`, `offset` days from today in UTC (every seeded user lives in UTC). */
function utcDay(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** The 14 days of merged slots, taken in turn (a client paging through the business's days). */
const READ_DAYS = Array.from({ length: days }, (_, d) => utcDay(1 + d));
const query = (date: string) => `serviceId=${staffed.service}&date=${date}`;

export const TEAMS_ENDPOINT: ReadEndpoint = {
  key: 'teams',
  scenario: 'teams',
  label: `business available slots, merged (${staff} staff, ${slotsPerDay} slots a day each)`,
  paths: READ_DAYS.map(
    (day) => `/api/businesses/${staffed.business}/available-slots?${query(day)}`,
  ),
  floorPaths: READ_DAYS.map((day) => `/business-slots/${staffed.business}?${query(day)}`),
  role: 'anonymous',
  targets: { minRps: 1000, maxP99Ms: 50 },
  check: (body) => {
    const slots = (body as { slots?: { provider_ids: string[] }[] }).slots ?? [];
    if (slots.length !== slotsPerDay)
      return `${slots.length} merged slots, expected ${slotsPerDay}`;
    return slots.every((slot) => slot.provider_ids.length === staff)
      ? null
      : `not every slot names the ${staff} staff`;
  },
};

/** The rush's start time: 09:00 UTC of the day after the read days, every staff member free. */
const rushStartsAt = `${utcDay(days + 1)}T09:00:00.000Z`;
/** Each staff member's slot at that time (slot n = days × 16: the first of that day). */
const rushSlots = new Set(members.map((s) => teamIds.staffedSlot(s, days * slotsPerDay)));
const roomSlots = new Set(members.map((s) => teamIds.roomSlot(s)));

export type TeamsRushKind = 'anyStaff' | 'room';

export interface TeamsRushResult {
  kind: TeamsRushKind;
  requests: number;
  created: number;
  /** 409 answers. */
  conflicts: number;
  /** The refusals (answers that are not 201) by their code: RESOURCE_BUSY, SLOT_TAKEN, …. */
  refusalCodes: Record<string, number>;
  serverErrors: number;
  otherStatus: Record<string, number>;
  networkErrors: number;
  /** The staff members the 201 answers name (one entry per 201). */
  winners: string[];
  /** Booked appointments on the rush's slots afterwards, per staff member's own list. */
  bookedPerStaff: number[];
  p50: number;
  p99: number;
  wallMs: number;
}

/** Client c's token (the teams scenario's own 200 clients). */
async function clientTokens(): Promise<string[]> {
  return Promise.all(
    Array.from({ length: clients }, (_, c) =>
      mintToken({ userId: teamIds.client(c + 1), role: 'client', providerId: null }),
    ),
  );
}

/**
 * Request c comes from client c. "Any staff": all ask the staffed business's service at the
 * rush's time. The room: client c asks for staff member (c mod 10)'s slot, so each of the 10
 * overlapping slots is wanted by 20.
 */
async function rushRequests(kind: TeamsRushKind): Promise<BurstRequest[]> {
  const tokens = await clientTokens();
  return tokens.map((token, c) => ({
    method: 'POST',
    path: '/api/appointment/booking',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(
      kind === 'anyStaff'
        ? { businessId: staffed.business, serviceId: staffed.service, startsAt: rushStartsAt }
        : { timeslotId: teamIds.roomSlot(1 + (c % staff)) },
    ),
  }));
}

function parseAnswer(text: string | null): {
  code?: string;
  appointment?: { provider_id?: string };
} {
  try {
    return text ? (JSON.parse(text) as ReturnType<typeof parseAnswer>) : {};
  } catch {
    return { code: 'not JSON' };
  }
}

/** One rush of 200 bookings, all opened together; then what each staff member's list holds. */
export async function runTeamsRush(baseUrl: string, kind: TeamsRushKind): Promise<TeamsRushResult> {
  const requests = await rushRequests(kind);
  const result = await burst(baseUrl, requests, { bodies: true });
  const { created, conflicts, serverErrors, rest } = countAnswers(result);
  // A 201 names the staff member it went to, a refusal its reason.
  const refusalCodes: Record<string, number> = {};
  const winners: string[] = [];
  for (const text of result.bodies!) {
    const body = parseAnswer(text);
    if (body.appointment?.provider_id) winners.push(body.appointment.provider_id);
    else if (body.code) refusalCodes[body.code] = (refusalCodes[body.code] ?? 0) + 1;
  }
  const b = kind === 'anyStaff' ? 1 : 2;
  const slots = kind === 'anyStaff' ? rushSlots : roomSlots;
  const bookedPerStaff = await Promise.all(
    members.map(
      async (s) =>
        (
          await bookedOn(
            baseUrl,
            { userId: teamIds.providerUser(b, s), providerId: teamIds.provider(b, s) },
            slots,
          )
        ).length,
    ),
  );
  return {
    kind,
    requests: requests.length,
    created,
    conflicts,
    refusalCodes,
    serverErrors,
    otherStatus: rest,
    networkErrors: result.networkErrors,
    winners,
    bookedPerStaff,
    p50: percentile(result.latencies, 50),
    p99: percentile(result.latencies, 99),
    wallMs: result.wallMs,
  };
}

export interface TeamsRushFloor {
  kind: TeamsRushKind;
  wallMs: number;
  p99: number;
}

/**
 * A rush's floor: the same 200 connections, tokens and bodies against bare Fastify
 * (bench/src/hello-server.mjs, no auth, no database), as the booking rush's floor.
 */
export async function runTeamsRushFloor(
  helloUrl: string,
  kind: TeamsRushKind,
): Promise<TeamsRushFloor> {
  const result = await burst(helloUrl, await rushRequests(kind));
  return { kind, wallMs: result.wallMs, p99: percentile(result.latencies, 99) };
}
