import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers/app';
import { buildApp } from '../app';

/**
 * The order app.ts registers its plugins in is the order they stop in: whatever still uses the
 * database (the token sweeper, the push listener, the daily schedule) stops in a preClose hook,
 * before the database the app opened itself closes.
 */
describe('app shutdown order', () => {
  let dataDir = '';
  afterAll(async () => {
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('stops the token sweeper, the push listener and the schedule before the database closes', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'slotwise-shutdown-'));
    // Its own embedded database in DATA_DIR (no DATABASE_URL): the app opens and closes it.
    const app = await buildApp(testConfig({ DATA_DIR: dataDir, JOBS_POLL_INTERVAL_MS: '0' }), {
      scheduleTimer: true,
    });
    await app.ready();
    const { tokens, schedule, database } = app;
    expect(tokens.revocations.live).toBe(true);

    const events: string[] = [];
    const stopSweeping = tokens.stopSweeping.bind(tokens);
    tokens.stopSweeping = () => {
      events.push('token sweeper');
      stopSweeping();
    };
    const stopSchedule = schedule.stop.bind(schedule);
    schedule.stop = async () => {
      events.push(`schedule (push listener up: ${tokens.revocations.live})`);
      await stopSchedule();
    };
    const closeDatabase = database.close.bind(database);
    database.close = async () => {
      events.push('database');
      await closeDatabase();
    };

    await app.close();
    expect(events).toEqual(['token sweeper', 'schedule (push listener up: false)', 'database']);
  }, 120_000);
});
