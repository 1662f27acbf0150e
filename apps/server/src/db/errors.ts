import pg from 'pg';

/** PostgreSQL SQLSTATEs and driver errors that mean "the database is not there right now". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
const UNAVAILABLE_SYSCALLS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
]);

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = codeOf(e);
    if (code && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SYSCALLS.has(code))) return true;
    const message = e instanceof Error ? e.message : '';
    if (
      /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error/i.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * An ERROR the server answered a statement with: the session goes on (FATAL/PANIC end it), so
 * the pool keeps the connection (docs/decisions/085-statement-errors-keep-the-connection.md).
 */
export function isStatementError(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.severity === 'ERROR';
}

/** SQLSTATE of a constraint violation, looking through Drizzle's wrapping error. */
export function pgErrorOf(error: unknown): { code: string; constraint?: string } | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = codeOf(e);
    if (code && /^[0-9A-Z]{5}$/.test(code)) {
      const constraint = (e as { constraint?: unknown }).constraint;
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const PG_UNIQUE_VIOLATION = '23505';

/**
 * A unique violation of the index `name`: the database's last word on a rule the code checks
 * first (a driver that names no constraint counts, as the only unique index the statement meets).
 */
export function isUniqueViolationOf(error: unknown, name: string): boolean {
  const pgError = pgErrorOf(error);
  return (
    pgError?.code === PG_UNIQUE_VIOLATION &&
    (pgError.constraint === undefined || pgError.constraint === name)
  );
}
export const PG_EXCLUSION_VIOLATION = '23P01';
export const PG_CHECK_VIOLATION = '23514';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_SERIALIZATION_FAILURE = '40001';
export const PG_DEADLOCK_DETECTED = '40P01';
