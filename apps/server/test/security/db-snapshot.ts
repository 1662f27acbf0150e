import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

export type Snapshot = Record<string, string>;

let tablesOf: Promise<string[]> | undefined;

async function tables(db: Db): Promise<string[]> {
  tablesOf ??= db
    .execute(
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
    .then((result) =>
      (result as unknown as { rows: { table_name: string }[] }).rows
        .map((row) => row.table_name)
        .filter((name) => !name.startsWith('__drizzle')),
    );
  return tablesOf;
}

/**
 * Row count and the sum of a 64-bit hash of every row (as text) of every table: two snapshots are equal
 * exactly when no row was inserted, deleted or changed anywhere. One query for all tables.
 */
export async function snapshot(db: Db): Promise<Snapshot> {
  const names = await tables(db);
  const parts = names.map(
    (name) =>
      `select '${name}' as t, count(*) || ':' || coalesce(sum(hashtextextended(x::text, 0)::numeric), 0) as v from "${name}" x`,
  );
  const result = await db.execute(sql.raw(parts.join(' union all ')));
  const out: Snapshot = {};
  for (const row of (result as unknown as { rows: { t: string; v: string }[] }).rows) {
    out[row.t] = row.v;
  }
  return out;
}

/** Tables whose content differs between two snapshots. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

/** The database as the tests compare it: every table's checksum, and the next transaction id. */
export interface DbState {
  /** Next transaction id to be assigned: moves with every write attempt, committed or not. */
  mark: string;
  tables: Snapshot;
}

/**
 * The state now. Reads never take a transaction id, so while `mark` has not moved since
 * `previous` nothing can have changed and the (costlier) checksums are reused.
 */
export async function dbState(db: Db, previous?: DbState): Promise<DbState> {
  const result = await db.execute(
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as mark`,
  );
  const mark = (result as unknown as { rows: { mark: string }[] }).rows[0]!.mark;
  if (previous && previous.mark === mark) return previous;
  return { mark, tables: await snapshot(db) };
}
