const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` is text a PostgreSQL `uuid` column accepts in its canonical form (any version,
 * either case). An id that is not cannot name a row: callers answer 404 or 400 instead of letting
 * the cast fail in SQL.
 */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
