import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant, updatedAt, uuidId } from './columns';
import { appointments } from './appointments';
import { providers } from './providers';

/**
 * Calendar sync (docs/decisions/071-calendar-sync.md). Checks and the busy blocks' GiST index
 * are in 0021_calendar_sync.sql.
 */

/** A provider's calendar: an ICS address (read) or a CalDAV calendar (read and write). */
export const calendarConnections = pgTable('calendar_connections', {
  id: uuidId(),
  providerId: belongsTo('provider_id', () => providers.id),
  kind: text('kind', { enum: ['ics', 'caldav'] }).notNull(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  username: text('username'),
  /** The password, sealed (lib/secret-box.ts). Never answered. */
  secret: text('secret'),
  /** The feed's validators for a conditional GET. */
  etag: text('etag'),
  lastModified: text('last_modified'),
  lastSyncedAt: instant('last_synced_at'),
  nextSyncAt: instant('next_sync_at').notNull().defaultNow(),
  /** The last failure in plain words (null after a good sync). */
  lastError: text('last_error'),
  /** Failed syncs in a row. */
  failures: integer('failures').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Busy time read from a connection, replaced whole by each sync. */
export const busyBlocks = pgTable('busy_blocks', {
  connectionId: belongsTo('connection_id', () => calendarConnections.id),
  providerId: uuid('provider_id').notNull(),
  startsAt: instant('starts_at').notNull(),
  endsAt: instant('ends_at').notNull(),
});

/** Where a booking was written in a CalDAV calendar (updated on reschedule, deleted on cancel). */
export const calendarEventCopies = pgTable(
  'calendar_event_copies',
  {
    connectionId: belongsTo('connection_id', () => calendarConnections.id),
    appointmentId: belongsTo('appointment_id', () => appointments.id),
    href: text('href').notNull(),
    etag: text('etag'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.appointmentId] })],
);
