import {
  CALENDAR_FAILURES_BEFORE_NOTICE,
  CALENDAR_HORIZON_DAYS,
  CALENDAR_POLL_MINUTES,
  CALENDAR_SYNC_MESSAGES,
  type CalendarConnectionKind,
} from '@slotwise/shared/calendar-sync-schemas';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { calendarConnections, providers } from '../../db/schema';
import { cancelJobsByKey, enqueueJobs } from '../../jobs/job-queue';
import type { SecretBox } from '../../lib/secret-box';
import { createNotification } from '../notifications/service';
import { replaceBusyBlocks } from './busy-blocks';
import { CalendarReadError, type CalendarSource, type ConnectionToRead } from './source';

/**
 * One sync of a connection (docs/decisions/071-calendar-sync.md): read its busy time from the
 * source of its kind, replace its blocks in one transaction, and plan the next sync — in
 * `CALENDAR_POLL_MINUTES`, or later after failures (1, 2, 4 … 60 minutes). The provider is told
 * once when a connection has failed `CALENDAR_FAILURES_BEFORE_NOTICE` times in a row.
 *
 * A sync takes the pool twice: one read of the connection, then one transaction that writes the
 * outcome and queues the next sync. Under load each taking waits behind the requests' queries
 * (docs/decisions/083-background-work-under-load.md), and the connection's row, updated first,
 * makes two syncs of one connection (a job and 'Sync now') queue their next ones in turn.
 */

/** The job that syncs a connection and queues its next sync (key `calendar-sync:<id>`). */
export const CALENDAR_SYNC_JOB = 'calendar.sync';
export const syncJobKey = (connectionId: string) => `calendar-sync:${connectionId}`;

export interface SyncRuntime {
  db: Db;
  box: SecretBox;
  sources: Record<CalendarConnectionKind, CalendarSource>;
}

export type SyncOutcome =
  | { kind: 'synced'; busyCount: number }
  | { kind: 'unchanged' }
  | { kind: 'failed'; error: string }
  | { kind: 'gone' };

const MINUTE = 60_000;

/** The wait after `failures` failed syncs in a row. */
export function retryDelayMinutes(failures: number): number {
  return Math.min(60, 2 ** Math.max(0, failures - 1));
}

async function connectionToRead(
  rt: SyncRuntime,
  id: string,
): Promise<(ConnectionToRead & { failures: number }) | null> {
  const [row] = await rt.db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.id, id));
  if (!row) return null;
  return {
    id: row.id,
    providerId: row.providerId,
    kind: row.kind,
    url: row.url,
    username: row.username,
    password: row.secret ? rt.box.open(row.secret) : null,
    etag: row.etag,
    lastModified: row.lastModified,
    failures: row.failures,
  };
}

/** A failure in words for the provider (a source's own words, else a generic one). */
function failureText(error: unknown): string {
  if (error instanceof CalendarReadError) return error.message;
  return 'The calendar could not be read. Check the address and try again';
}

export async function syncConnection(
  rt: SyncRuntime,
  connectionId: string,
  now: Date = new Date(),
): Promise<SyncOutcome> {
  const connection = await connectionToRead(rt, connectionId);
  if (!connection) return { kind: 'gone' };
  const range = {
    from: new Date(now.getTime() - 24 * 60 * MINUTE),
    to: new Date(now.getTime() + CALENDAR_HORIZON_DAYS * 24 * 60 * MINUTE),
  };
  const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE);
  const next = (minutes: number) => sql`${at(minutes).toISOString()}::timestamptz`;
  try {
    const read = await rt.sources[connection.kind].readBusy(connection, range);
    return await rt.db.transaction(async (tx) => {
      const done = {
        lastSyncedAt: sql`now()`,
        nextSyncAt: next(CALENDAR_POLL_MINUTES),
        lastError: null,
        failures: 0,
        updatedAt: sql`now()`,
      };
      const changed = read.notModified
        ? done
        : { ...done, etag: read.etag ?? null, lastModified: read.lastModified ?? null };
      // Removed meanwhile: nothing to write, no next sync.
      if (!(await updateConnection(tx, connection.id, changed))) return { kind: 'gone' as const };
      await queueSyncAt(tx, connection.id, at(CALENDAR_POLL_MINUTES));
      if (read.notModified) return { kind: 'unchanged' as const };
      const busyCount = await replaceBusyBlocks(tx, connection, read.blocks);
      return { kind: 'synced' as const, busyCount };
    });
  } catch (error) {
    const text = failureText(error);
    const failures = connection.failures + 1;
    await rt.db.transaction(async (tx) => {
      const failed = {
        lastError: text,
        failures,
        nextSyncAt: next(retryDelayMinutes(failures)),
        updatedAt: sql`now()`,
      };
      if (!(await updateConnection(tx, connection.id, failed))) return;
      await queueSyncAt(tx, connection.id, at(retryDelayMinutes(failures)));
      // Told once per run of failures (the busy time last read stays in force meanwhile).
      if (failures === CALENDAR_FAILURES_BEFORE_NOTICE)
        await tellFailing(tx, connection.providerId, text);
    });
    return { kind: 'failed', error: text };
  }
}

async function tellFailing(tx: DbOrTx, providerId: string, text: string): Promise<void> {
  const [provider] = await tx
    .select({ userId: providers.userId })
    .from(providers)
    .where(eq(providers.id, providerId));
  if (!provider) return;
  await createNotification(tx, {
    userId: provider.userId,
    type: 'calendar_sync',
    title: CALENDAR_SYNC_MESSAGES.failingTitle,
    message: `Your calendar has not synced ${CALENDAR_FAILURES_BEFORE_NOTICE} times in a row: ${text}`,
    appointmentId: null,
  });
}

/** Writes a sync's outcome on the connection's row (locking it): false when it is gone. */
async function updateConnection(
  tx: DbOrTx,
  id: string,
  values: PgUpdateSetSource<typeof calendarConnections>,
): Promise<boolean> {
  const rows = await tx
    .update(calendarConnections)
    .set(values)
    .where(eq(calendarConnections.id, id))
    .returning({ id: calendarConnections.id });
  return rows.length > 0;
}

/** Queues the connection's next sync at `runAt`, any pending one dropped (one chain each). */
async function queueSyncAt(tx: DbOrTx, connectionId: string, runAt: Date): Promise<void> {
  await cancelJobsByKey(tx, syncJobKey(connectionId));
  await enqueueJobs(tx, [
    {
      kind: CALENDAR_SYNC_JOB,
      key: syncJobKey(connectionId),
      payload: { connectionId },
      runAt,
      maxAttempts: 3,
    },
  ]);
}

/**
 * At start: every connection without a pending sync gets one (a chain broken by a crash between
 * a sync and the queueing of the next is mended here).
 */
export async function mendSyncChains(db: DbOrTx): Promise<void> {
  await db.execute(sql`insert into jobs (kind, key, payload, run_at, max_attempts)
    select ${CALENDAR_SYNC_JOB}, 'calendar-sync:' || c.id, jsonb_build_object('connectionId', c.id),
           c.next_sync_at, 3
    from calendar_connections c
    where not exists (select 1 from jobs j where j.key = 'calendar-sync:' || c.id
                      and j.status in ('pending', 'running'))`);
}
