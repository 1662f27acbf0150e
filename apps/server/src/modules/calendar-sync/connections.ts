import {
  CALENDAR_SYNC_MESSAGES,
  type CalendarConnection,
  type CreateCalendarConnectionInput,
  MAX_CALENDAR_CONNECTIONS,
} from '@slotwise/shared/calendar-sync-schemas';
import { and, eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { calendarConnections } from '../../db/schema';
import { ConflictError, DomainError, NotFoundError } from '../../errors';
import { assertUrlAllowed, UrlNotAllowedError } from '../../lib/outbound-url';
import type { SecretBox } from '../../lib/secret-box';

/**
 * A provider's calendar connections (docs/product.md §18, docs/decisions/071-calendar-sync.md):
 * added (the address checked against private networks, the password sealed), listed (never a
 * secret), removed (its busy time with it).
 */

export interface ConnectionSettings {
  allowPrivateUrls: boolean;
}

/** 400 URL_NOT_ALLOWED on the url field. */
export function urlNotAllowedError(): DomainError {
  return new DomainError(400, 'URL_NOT_ALLOWED', CALENDAR_SYNC_MESSAGES.urlNotAllowed, {
    url: CALENDAR_SYNC_MESSAGES.urlNotAllowed,
  });
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The provider's connections as the API answers them (or the one with `id`). */
export async function connectionsOf(
  db: DbOrTx,
  providerId: string,
  id: string | null = null,
): Promise<CalendarConnection[]> {
  return queryRows<CalendarConnection>(
    db,
    sql`select c.id, c.kind, c.name, c.url, c.username,
          ${iso('c.last_synced_at')} as last_synced_at, ${iso('c.next_sync_at')} as next_sync_at,
          c.last_error, c.failures,
          (select count(*)::int from busy_blocks b where b.connection_id = c.id) as busy_count,
          ${iso('c.created_at')} as created_at
        from calendar_connections c
        where c.provider_id = ${providerId} ${id ? sql`and c.id = ${id}` : sql``}
        order by c.created_at, c.id`,
  );
}

/** The calendar's name when none is given: the address's host. */
function defaultName(url: URL): string {
  return url.hostname.replace(/^www\./, '') || 'Calendar';
}

export async function createConnection(
  db: DbOrTx,
  box: SecretBox,
  settings: ConnectionSettings,
  providerId: string,
  input: CreateCalendarConnectionInput,
): Promise<CalendarConnection> {
  let url: URL;
  try {
    url = await assertUrlAllowed(input.url, settings.allowPrivateUrls);
  } catch (error) {
    if (error instanceof UrlNotAllowedError) throw urlNotAllowedError();
    throw error;
  }
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from calendar_connections where provider_id = ${providerId}`,
  );
  if ((count?.n ?? 0) >= MAX_CALENDAR_CONNECTIONS) {
    throw new ConflictError('INVALID_STATE', CALENDAR_SYNC_MESSAGES.tooMany);
  }
  const [row] = await db
    .insert(calendarConnections)
    .values({
      providerId,
      kind: input.kind,
      name: input.name?.trim() || defaultName(url),
      url: url.toString(),
      username: input.kind === 'caldav' ? input.username : null,
      secret: input.kind === 'caldav' ? box.seal(input.password) : null,
    })
    .returning({ id: calendarConnections.id });
  const [connection] = await connectionsOf(db, providerId, row!.id);
  return connection!;
}

export async function deleteConnection(db: DbOrTx, providerId: string, id: string): Promise<void> {
  const gone = await db
    .delete(calendarConnections)
    .where(and(eq(calendarConnections.id, id), eq(calendarConnections.providerId, providerId)))
    .returning({ id: calendarConnections.id });
  if (gone.length === 0) throw new NotFoundError(CALENDAR_SYNC_MESSAGES.connectionNotFound);
}

/** The provider's own connection, else 404 (another provider's is "not found"). */
export async function ownConnectionId(db: DbOrTx, providerId: string, id: string): Promise<string> {
  const [row] = await db
    .select({ id: calendarConnections.id })
    .from(calendarConnections)
    .where(and(eq(calendarConnections.id, id), eq(calendarConnections.providerId, providerId)));
  if (!row) throw new NotFoundError(CALENDAR_SYNC_MESSAGES.connectionNotFound);
  return row.id;
}
