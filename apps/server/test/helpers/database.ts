import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase, pgliteExtensions } from '../../src/db/client';
import { directUrlOf, testPooler } from './pooler';

export interface TestDatabase {
  database: Database;
  /** postgres:// URL of this file's database (PostgreSQL only), e.g. for a second process. */
  url: string | undefined;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file: PGlite by default, PostgreSQL with TEST_DATABASE_URL. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const tarball = await fs.readFile(inject('pgliteTemplate'));
    const pglite = await PGlite.create({
      loadDataDir: new Blob([tarball]),
      extensions: pgliteExtensions,
    });
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir: '',
      poolSize: 1,
      pglite,
    });
    return { database, url: undefined, drop: () => database.close() };
  }
  const name = `slotwise_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: directUrlOf(adminUrl) });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  const database = await openDatabase({
    databaseUrl: url,
    dataDir: '',
    poolSize: 10,
    pooler: testPooler(),
    directUrl: directUrlOf(url),
  });
  return {
    database,
    url,
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: directUrlOf(adminUrl) });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
