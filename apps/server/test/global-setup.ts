import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteExtensions } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { directUrlOf, testPooler } from './helpers/pooler';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a tarball of a migrated database that each test file clones. */
    pgliteTemplate: string;
    /** PostgreSQL: name of a migrated template database (TEST_DATABASE_URL set). */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database per run and lets every test file clone it: a fresh, isolated
 * database per file without paying for initdb + migrations each time.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return setupPostgres(project, url);

  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  const database = await openDatabase({ databaseUrl: undefined, dataDir: '', poolSize: 1, pglite });
  await runMigrations(database);
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'slotwise-test-'));
  const file = path.join(dir, 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}

async function setupPostgres(project: TestProject, url: string) {
  const template = `slotwise_tpl_${process.pid}`;
  // Behind PgBouncer the template is made directly: CREATE DATABASE … TEMPLATE refuses a template
  // that a pooler still holds connections to.
  const admin = new pg.Client({ connectionString: directUrlOf(url) });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const database = await openDatabase({
    databaseUrl: withDatabase(url, template),
    dataDir: '',
    poolSize: 2,
    pooler: testPooler(),
    directUrl: directUrlOf(withDatabase(url, template)),
  });
  await runMigrations(database);
  await database.close();
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', template);
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
