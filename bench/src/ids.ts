import { createHash } from 'node:crypto';

/**
 * Deterministic ids shared by the SQL seed and the runner: `uuidOf(name)` in seed.ts (SQL) is the
 * same value as `uuidOf(name)` here, so the runner knows every seeded id without asking.
 */
export function uuidOf(name: string): string {
  const md5 = createHash('md5').update(name).digest('hex');
  // Version 4, variant 8: what an RFC UUID check accepts (seed.ts does the same in SQL).
  const hex = `${md5.slice(0, 12)}4${md5.slice(13, 16)}8${md5.slice(17)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const providerUserId = (i: number) => uuidOf(`provider-user-${i}`);
export const providerId = (i: number) => uuidOf(`provider-${i}`);
export const clientUserId = (i: number) => uuidOf(`client-user-${i}`);
/** Slot `k` (0-based) of provider `i`. */
export const slotId = (i: number, k: number) => uuidOf(`slot-${i}-${k}`);

/** The teams scenario's own rows (seed.ts, DATASET.teams): business `b` is 1 (staffed) or 2 (room). */
export const teamIds = {
  business: (b: number) => uuidOf(`team-business-${b}`),
  /** Staff member `s` (1-based) of business `b`; the first owns it. */
  providerUser: (b: number, s: number) => uuidOf(`team-provider-user-${b}-${s}`),
  provider: (b: number, s: number) => uuidOf(`team-provider-${b}-${s}`),
  /** The owner's service that every staff slot of business `b` names. */
  service: (b: number) => uuidOf(`team-service-${b}`),
  /** Slot `n` (0-based, 16 a day from tomorrow) of staff member `s` of the staffed business. */
  staffedSlot: (s: number, n: number) => uuidOf(`team-slot-1-${s}-${n}`),
  /** The one slot of staff member `s` of the room business. */
  roomSlot: (s: number) => uuidOf(`team-slot-2-${s}`),
  room: uuidOf('team-room-2'),
  client: (c: number) => uuidOf(`team-client-user-${c}`),
};

/** The classes and series scenarios' rows (seed.ts, DATASET.classes): provider 1 rush, 2 series. */
export const classIds = {
  providerUser: (n: number) => uuidOf(`class-provider-user-${n}`),
  provider: (n: number) => uuidOf(`class-provider-${n}`),
  service: (n: number) => uuidOf(`class-service-${n}`),
  /** The rush's one slot of `capacity` seats. */
  rushSlot: uuidOf('class-slot-1'),
  /** Week `w` (0-based) of the series provider's class at start time `t` (0: 10:00, 1: 18:00). */
  seriesSlot: (t: number, w: number) => uuidOf(`class-slot-2-${t}-${w}`),
};

/** The prepaid booking rush's rows (seed-payments.ts, DATASET.payments). */
export const payIds = {
  providerUser: uuidOf('pay-provider-user'),
  provider: uuidOf('pay-provider'),
  /** The provider's one service, paid in full when booked. */
  service: uuidOf('pay-service'),
  /** Slot `k` (0-based). */
  slot: (k: number) => uuidOf(`pay-slot-${k}`),
};

/** The payments-webhooks scenario's rows (seed-webhooks.ts, DATASET.webhooks). */
export const webhookIds = {
  providerUser: uuidOf('hook-provider-user'),
  provider: uuidOf('hook-provider'),
  service: uuidOf('hook-service'),
  /** Client `c` (1-based). */
  client: (c: number) => uuidOf(`hook-client-user-${c}`),
  /** Slot `n` (0-based). */
  slot: (n: number) => uuidOf(`hook-slot-${n}`),
};

/** The waitlist scenario's rows (seed-waitlist.ts, DATASET.waitlist); indexes are 0-based. */
export const waitlistIds = {
  providerUser: (p: number) => uuidOf(`wl-provider-user-${p}`),
  provider: (p: number) => uuidOf(`wl-provider-${p}`),
  client: (c: number) => uuidOf(`wl-client-user-${c}`),
  /** Slot `k` of provider `p`. */
  slot: (p: number, k: number) => uuidOf(`wl-slot-${p}-${k}`),
  /** The booking of slot `k` of provider `p` (all slots but the last are booked). */
  appointment: (p: number, k: number) => uuidOf(`wl-appointment-${p}-${k}`),
};
