import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, uuidId } from './columns';

/** The durable job queue (mail and reminders). */

export const JOB_STATUSES = ['pending', 'running', 'done', 'failed', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The durable job queue: mail and reminders, claimed with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuidId(),
    kind: text('kind').notNull(),
    /** Groups jobs that can be canceled together (e.g. `reminder:<appointmentId>`). */
    key: text('key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    runAt: instant('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    /** While running: after this instant another worker may take the job over (crash). */
    lockedUntil: instant('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: instant('finished_at'),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} in ('pending', 'running')`),
    /** Each kind's due jobs for the worker's lanes and turns (docs/decisions/083-background-work-under-load.md). */
    index('jobs_kind_due_idx')
      .on(t.kind, t.runAt)
      .where(sql`${t.status} in ('pending', 'running')`),
    index('jobs_key_idx')
      .on(t.key)
      .where(sql`${t.status} = 'pending'`),
    /** The daily purge of finished jobs walks this, oldest first (docs/decisions/042-job-queue.md). */
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.status} in ('done', 'failed', 'canceled')`),
    /** One pending message digest per conversation and recipient (docs/decisions/043-messages.md). */
    uniqueIndex('jobs_pending_digest_key')
      .on(t.key)
      .where(sql`${t.status} = 'pending' and ${t.kind} = 'email.message-digest'`),
  ],
);
