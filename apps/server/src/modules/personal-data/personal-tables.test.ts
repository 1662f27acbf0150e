import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/app';
import { type DbOrTx, queryRows } from '../../db/client';
import { IMPERSONAL_TABLES, PERSONAL_TABLES } from './personal-tables';

/**
 * THE coverage test of people's data (docs/product.md §19.5, docs/decisions/072): the registry
 * (personal-tables.ts) against the database's own catalogue. A table without an entry, or a
 * column whose name looks personal that its entry does not cover, fails here until export and
 * erasure say what they do with it.
 */

/** Names that usually hold a person (an id of one, an address, a name, free text about them). */
const LOOKS_PERSONAL =
  /(^|_)(user|client|sender|reporter|owner|admin|actor_user|provider|owner_provider)_id$|^(accepted|resolved)_by$|(^|_)(email|first_name|last_name|phone|address|bio)$|name$/;

interface Column {
  table: string;
  column: string;
}

async function catalogue(db: DbOrTx): Promise<{ tables: string[]; columns: Column[] }> {
  const tables = await queryRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'
          and table_name not like '\\_\\_drizzle%'`,
  );
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
  );
  return {
    tables: tables.map((t) => t.table_name).sort(),
    columns: columns.map((c) => ({ table: c.table_name, column: c.column_name })),
  };
}

/** What the registry misses in the catalogue: tables without an entry, personal columns not covered. */
async function uncovered(db: DbOrTx): Promise<string[]> {
  const { tables, columns } = await catalogue(db);
  const problems: string[] = [];
  for (const table of tables) {
    const personal = PERSONAL_TABLES.find((entry) => entry.table === table);
    const impersonal = IMPERSONAL_TABLES.find((entry) => entry.table === table);
    if (!personal && !impersonal) {
      problems.push(`table ${table}: not in personal-tables.ts`);
      continue;
    }
    const covered = new Set<string>([
      ...(personal?.links.flatMap((link) => link.columns) ?? []),
      ...(personal?.personal ?? []),
      ...(personal?.secrets ?? []),
      ...Object.keys(personal?.notPersonal ?? {}),
      ...Object.keys(impersonal?.notPersonal ?? {}),
    ]);
    for (const { column } of columns.filter((c) => c.table === table)) {
      if (LOOKS_PERSONAL.test(column) && !covered.has(column)) {
        problems.push(`column ${table}.${column}: looks personal, not covered`);
      }
    }
  }
  return problems;
}

describe('the people’s data registry against the catalogue (docs/decisions/072)', () => {
  const t = useTestApp();

  it('covers every table of the database and every column that looks personal', async () => {
    expect(await uncovered(t.app.database.db)).toEqual([]);
  });

  it('names only tables and columns that exist, each table once', async () => {
    const { tables, columns } = await catalogue(t.app.database.db);
    const registered = [...PERSONAL_TABLES, ...IMPERSONAL_TABLES].map((entry) => entry.table);
    expect(new Set(registered).size).toBe(registered.length);
    expect(registered.filter((table) => !tables.includes(table))).toEqual([]);
    const named = PERSONAL_TABLES.flatMap((entry) =>
      [
        ...entry.links.flatMap((link) => link.columns),
        ...entry.personal,
        ...(entry.secrets ?? []),
        ...Object.keys(entry.notPersonal ?? {}),
      ].map((column) => `${entry.table}.${column}`),
    );
    const existing = new Set(columns.map((c) => `${c.table}.${c.column}`));
    expect(named.filter((name) => !existing.has(name))).toEqual([]);
    for (const entry of PERSONAL_TABLES) {
      expect(entry.links.length, entry.table).toBeGreaterThan(0);
      expect(entry.erasure.why.length, entry.table).toBeGreaterThan(0);
    }
  });

  it('fails on a table added without an entry, and on a personal column of a known table', async () => {
    const db = t.app.database.db;
    await db.execute(sql`create table "loyalty_cards" ("id" uuid primary key, "user_id" uuid)`);
    await db.execute(sql`alter table "rating_prior" add column "owner_email" text`);
    try {
      expect(await uncovered(db)).toEqual([
        'table loyalty_cards: not in personal-tables.ts',
        'column rating_prior.owner_email: looks personal, not covered',
      ]);
    } finally {
      await db.execute(sql`drop table "loyalty_cards"`);
      await db.execute(sql`alter table "rating_prior" drop column "owner_email"`);
    }
    expect(await uncovered(db)).toEqual([]);
  });
});
