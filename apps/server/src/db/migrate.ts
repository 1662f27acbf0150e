import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client';

/** Arbitrary constant shared by every instance: whoever holds it runs the migrations. */
const MIGRATION_LOCK_ID = 5_001_2025;

/** Finds src/db/migrations from both the sources (tsx, vitest) and the bundle (dist/main.js). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'src', 'db', 'migrations');
    if (fs.existsSync(candidate)) return candidate;
    const sibling = path.join(dir, 'migrations');
    if (fs.existsSync(path.join(sibling, 'meta'))) return sibling;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the migrations folder (apps/server/src/db/migrations)');
}

/**
 * Applies pending migrations. On PostgreSQL an advisory lock makes instances that start
 * together take turns, so each migration runs exactly once. Behind PgBouncer (transaction mode)
 * a session lock would be taken on one server connection and released on another: the lock is
 * then held on a direct connection (DATABASE_DIRECT_URL), or, without one, the lock and the
 * migrations share one transaction (docs/decisions/077-read-replica-and-pgbouncer.md).
 */
export async function runMigrations(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  if (database.pooler === 'pgbouncer') return migrateBehindPgBouncer(database, folder);
  const lockClient = await database.pool!.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
}

async function migrateBehindPgBouncer(database: Database, folder: string): Promise<void> {
  const client = new pg.Client({ connectionString: database.directUrl });
  await client.connect();
  try {
    if (database.directUrl !== database.pool!.options.connectionString) {
      // A direct connection: a session lock, as without PgBouncer, migrations on the same client.
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
      return;
    }
    // Through PgBouncer: one transaction keeps one server connection. drizzle's own BEGIN inside
    // it only warns, and its COMMIT ends ours (releasing the lock after the last migration).
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}
