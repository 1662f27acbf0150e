import { type AnyPgColumn, customType, date, time, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Column helpers shared by every table file: each names a shape several tables repeat. */

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Every instant is a timestamptz. */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => instant('created_at').notNull().defaultNow();
export const updatedAt = () => instant('updated_at').notNull().defaultNow();

/** The generated uuid primary key of most tables. */
export const uuidId = () => uuid('id').primaryKey().defaultRandom();

/** A required reference to the row this one belongs to: deleting that row deletes this one. */
export const belongsTo = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: 'cascade' });

/** The key of a one-row-per-owner table (settings, preferences): the owner's id. */
export const ownerKey = (name: string, target: () => AnyPgColumn) =>
  uuid(name).primaryKey().references(target, { onDelete: 'cascade' });

/** An optional reference that survives its target (set to null when that row goes). */
export const optionalRef = (name: string, target: () => AnyPgColumn) =>
  uuid(name).references(target, { onDelete: 'set null' });

/**
 * A slot's time, twice: the wall-clock day and times in the provider's zone, as entered, and the
 * same as instants, fixed from that zone when the row was written.
 */
export const slotTimes = () => ({
  day: date('day', { mode: 'string' }).notNull(),
  startTime: time('start_time').notNull(),
  endTime: time('end_time').notNull(),
  startsAt: instant('starts_at').notNull(),
  endsAt: instant('ends_at').notNull(),
});
