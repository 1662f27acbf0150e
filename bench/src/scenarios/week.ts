import { DATASET } from '../dataset';
import { providerId } from '../ids';
import type { ReadEndpoint } from './read-endpoint';

/**
 * The provider's week view (docs/decisions/040-weekly-hours-and-time-off.md):
 * `GET /api/timeslots/view?from&to` for one week of the provider with 2,000 slots (16 a day from
 * tomorrow, UTC), asked by that provider. Target: p99 ≤ 30 ms at 50 connections.
 */

const slotsProviderId = providerId(DATASET.slotsProvider.index);

function utcDay(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset))
    .toISOString()
    .slice(0, 10);
}

/** Four consecutive weeks, taken in turn (what paging through the calendar asks). */
const WEEKS = [0, 1, 2, 3].map((week) => ({
  from: utcDay(1 + 7 * week),
  to: utcDay(7 + 7 * week),
}));

export const WEEK_SLOTS = 7 * 16;

export const WEEK_ENDPOINT: ReadEndpoint = {
  key: 'week',
  scenario: 'week',
  label: 'week view ?from&to (2,000-slot provider)',
  paths: WEEKS.map(({ from, to }) => `/api/timeslots/view?from=${from}&to=${to}`),
  floorPaths: WEEKS.map(({ from, to }) => `/week/${slotsProviderId}?from=${from}&to=${to}`),
  role: 'provider',
  providerIndex: DATASET.slotsProvider.index,
  check: (body) => {
    const count = (body as { slots?: unknown[] }).slots?.length ?? 0;
    return count === WEEK_SLOTS ? null : `${count} slots in the week, expected ${WEEK_SLOTS}`;
  },
};
