import { calendarConnections } from '../../src/db/schema';
import type { MatrixRow } from './authorization-matrix';
import { providersOnly, providersOwn } from './expected';
import { matrixRow } from './matrix-row';
import type { World } from './world';

/**
 * Calendar sync rows of the authorization table (docs/decisions/071-calendar-sync.md): only a
 * provider connects, lists, syncs and removes calendars, and only their own; another provider's
 * connection is "not found". The table's app allows private addresses: the feed is a closed
 * loopback port (every sync fails at once, in words). Spread into HTTP_MATRIX.
 */

export const MATRIX_FEED_URL = 'http://127.0.0.1:9/feed.ics';

/** A connection of the world's provider, written straight in (no sync): its id. */
async function freshConnection(w: World): Promise<string> {
  const [row] = await w.app.database.db
    .insert(calendarConnections)
    .values({
      providerId: w.provider.providerId!,
      kind: 'ics',
      name: 'Matrix',
      url: MATRIX_FEED_URL,
    })
    .returning({ id: calendarConnections.id });
  return row!.id;
}

const week = () => {
  const from = new Date();
  const to = new Date(from.getTime() + 7 * 86_400_000);
  return `from=${from.toISOString()}&to=${to.toISOString()}`;
};

export const CALENDAR_SYNC_ROWS: MatrixRow[] = [
  matrixRow('POST', '/api/calendar/connections', providersOnly(201), {
    owner: 'provider',
    body: () => ({ kind: 'ics', url: MATRIX_FEED_URL }),
  }),
  matrixRow('GET', '/api/calendar/connections', providersOnly(200), { owner: 'provider' }),
  matrixRow('POST', '/api/calendar/connections/:id/sync', providersOwn(200), {
    owner: 'provider',
    id: freshConnection,
  }),
  matrixRow('DELETE', '/api/calendar/connections/:id', providersOwn(200), {
    owner: 'provider',
    id: freshConnection,
  }),
  matrixRow('GET', '/api/calendar/busy', providersOnly(200), {
    owner: 'provider',
    url: () => `/api/calendar/busy?${week()}`,
  }),
];
