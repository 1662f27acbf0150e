import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Instants as the API writes them: `Date#toISOString()` form, UTC with milliseconds
 * (`2026-03-14T15:00:00.000Z`), whether the value comes back from the driver or is built in SQL.
 */

/** A timestamp as a driver hands it back (a Date, or its text from a raw query), in ISO form. */
export function toIso(value: Date | string): string {
  return new Date(value).toISOString();
}

/** SQL: a timestamptz as ISO text, exactly as `toIso` writes it (answers built in SQL). */
export function isoTextOf(timestamp: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * SQL: a timestamptz as ISO text with PostgreSQL's microseconds (`…:00.123456Z`), for keyset
 * positions and "as of" instants: read back, it compares equal to the stored value, so no row is
 * skipped or shown twice.
 */
export function isoMicrosTextOf(timestamp: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
