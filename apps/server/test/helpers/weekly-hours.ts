import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { queryRows } from '../../src/db/client';
import type { TestUser } from './factories';
import { asUser } from './requests';

/** Weekly hours in tests: save through the API, read a provider's slots straight from the database. */

export interface Rule {
  weekday: number;
  start: string;
  end: string;
  slotMinutes: number;
  breakMinutes?: number;
  serviceId?: string;
}

export function putWeekly(app: FastifyInstance, user: TestUser, body: unknown) {
  return asUser(app, user).put('/api/availability/weekly', body as Record<string, unknown>);
}

export async function saveOk(
  app: FastifyInstance,
  user: TestUser,
  rules: Rule[],
  horizonWeeks = 1,
) {
  const res = await putWeekly(app, user, { rules, horizonWeeks });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    message: string;
    generation: {
      created: number;
      kept: number;
      removed: number;
      skippedClashes: number;
      skippedTimeOff: number;
      skippedNonexistent: number;
    };
  }>();
}

export interface SlotRow {
  id: string;
  day: string;
  start_time: string;
  end_time: string;
  starts_at: string;
  ends_at: string;
  source: string;
  is_booked: boolean;
}

/** The provider's slots on a day (or all), in time order, instants as ISO strings. */
export async function slotsOf(
  app: FastifyInstance,
  user: TestUser,
  day?: string,
): Promise<SlotRow[]> {
  return queryRows<SlotRow>(
    app.database.db,
    sql`select id, day::text as day, start_time::text as start_time, end_time::text as end_time,
          to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as starts_at,
          to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as ends_at,
          source, is_booked
        from timeslots where provider_id = ${user.providerId}
        ${day ? sql`and day = ${day}::date` : sql``}
        order by starts_at`,
  );
}

const MINUTE = 60_000;
export const minutesOf = (slot: SlotRow) =>
  (Date.parse(slot.ends_at) - Date.parse(slot.starts_at)) / MINUTE;

/** Every slot real-time disjoint from the next (the list is in time order). */
export function expectNoOverlap(slots: SlotRow[]) {
  for (let i = 1; i < slots.length; i++) {
    expect(Date.parse(slots[i]!.starts_at)).toBeGreaterThanOrEqual(
      Date.parse(slots[i - 1]!.ends_at),
    );
  }
}
