/**
 * DATABASE_POOLER=pgbouncer: TEST_DATABASE_URL is PgBouncer (transaction mode). Creating and
 * dropping databases, LISTEN and the migrations' lock then go to PostgreSQL itself:
 * TEST_DATABASE_DIRECT_URL, else the same URL on port 5432 (docs/decisions/077).
 */
export function testPooler(): 'none' | 'pgbouncer' {
  return process.env.DATABASE_POOLER === 'pgbouncer' ? 'pgbouncer' : 'none';
}

/** `url` (a test database through the pooler, or not) as PostgreSQL itself reaches it. */
export function directUrlOf(url: string): string {
  if (testPooler() !== 'pgbouncer') return url;
  const direct = new URL(process.env.TEST_DATABASE_DIRECT_URL ?? url);
  if (!process.env.TEST_DATABASE_DIRECT_URL) direct.port = '5432';
  direct.pathname = new URL(url).pathname;
  return direct.toString();
}

/** The env of a server process on `url`: with its pooler and direct URL behind PgBouncer. */
export function poolerEnv(url: string): Record<string, string> {
  if (testPooler() !== 'pgbouncer') return {};
  return { DATABASE_POOLER: 'pgbouncer', DATABASE_DIRECT_URL: directUrlOf(url) };
}
