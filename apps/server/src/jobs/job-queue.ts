import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type DbOrTx, queryRows } from '../db/client';
import { jobs } from '../db/schema';
import { dueKindsAt, type JobLane, KindLanes, type RegisterOptions, runInTurns } from './job-lanes';

export { DEFAULT_LANE, type JobLane, type RegisterOptions } from './job-lanes';

/**
 * The durable job queue (docs/decisions/042-job-queue.md): one PostgreSQL table, claimed with
 * `FOR UPDATE SKIP LOCKED`, so it runs the same on the embedded PGlite (one in-process
 * connection) and on PostgreSQL shared by several instances.
 *
 * - Enqueue inside the caller's transaction: a job exists exactly when the change that made it
 *   committed.
 * - A claim is ONE statement that moves a due job to `running` with a lease (`locked_until`);
 *   of several workers exactly one gets it. A worker that dies mid-job (SIGKILL) leaves the
 *   lease to expire, then any worker takes the job again.
 * - A failing job is retried with exponential backoff and ends `failed` after `max_attempts`
 *   (counted in /metrics). `now` is a parameter everywhere, so tests drive time.
 */

export interface EnqueueOptions {
  kind: string;
  payload: Record<string, unknown>;
  /** Not before this instant (default: now). */
  runAt?: Date;
  /** Jobs sharing a key can be canceled together while pending. */
  key?: string;
  maxAttempts?: number;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  key: string | null;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
}

export interface JobContext {
  job: ClaimedJob;
  /** The worker's clock (a test's fake clock). */
  now: Date;
}

export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

export interface RunSummary {
  done: number;
  retried: number;
  failed: number;
}

export interface JobQueueOptions {
  log: FastifyBaseLogger;
  /** How long a claimed job is reserved for its worker before another may take it over. */
  leaseMs?: number;
  /** First retry delay; doubled per attempt up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  onFinished?: (kind: string, outcome: 'done' | 'retried' | 'failed') => void;
}

export const DEFAULT_MAX_ATTEMPTS = 8;

/** Delay before attempt `attempts + 1`: 30 s, 1 min, 2 min … capped (≈ 1 h over 8 attempts). */
export function backoffDelay(attempts: number, baseMs = 30_000, maxMs = 30 * 60_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** Adds jobs in one statement; pass the open transaction so they commit with the change. */
export async function enqueueJobs(db: DbOrTx, list: EnqueueOptions[]): Promise<string[]> {
  if (list.length === 0) return [];
  const rows = await db
    .insert(jobs)
    .values(
      list.map((job) => ({
        kind: job.kind,
        payload: job.payload,
        runAt: job.runAt ?? sql`now()`,
        key: job.key ?? null,
        maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      })),
    )
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}

/**
 * Jobs as records for a statement that inserts them itself, embedded in its JSON parameter (the
 * booking's claim: `insert into jobs … select … from json_to_recordset(c.jobs) …`).
 */
export function jobRecords(list: EnqueueOptions[]) {
  return list.map((job) => ({
    kind: job.kind,
    key: job.key ?? null,
    payload: job.payload,
    run_at: job.runAt?.toISOString() ?? null,
    max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  }));
}

/** Cancels the pending jobs of a key (a running one finishes; handlers re-check state). */
export async function cancelJobsByKey(db: DbOrTx, key: string): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ status: 'canceled', finishedAt: sql`now()` })
    .where(and(eq(jobs.key, key), eq(jobs.status, 'pending')))
    .returning({ id: jobs.id });
  return rows.length;
}

export interface PurgeOptions {
  /** Done and canceled jobs are kept this many days after they finished. */
  doneDays: number;
  /** Failed jobs (retries exhausted) are kept longer, for a look at `last_error`. */
  failedDays: number;
  /** Rows per DELETE: each batch is its own short statement (no long lock, no huge WAL burst). */
  batchSize?: number;
  /** At most this many batches per run; whatever is left goes in the next day's run. */
  maxBatches?: number;
}

export interface PurgeResult {
  /** Done and canceled jobs deleted. */
  done: number;
  failed: number;
  batches: number;
}

/**
 * Deletes finished jobs older than their retention, in bounded batches (the daily run calls
 * it). Pending and running jobs are never touched. `SKIP LOCKED`: a row another statement holds
 * is left for the next run instead of waited for.
 */
export async function purgeFinishedJobs(
  db: Db,
  now: Date,
  { doneDays, failedDays, batchSize = 1000, maxBatches = 100 }: PurgeOptions,
): Promise<PurgeResult> {
  const day = 24 * 60 * 60 * 1000;
  const doneBefore = new Date(now.getTime() - doneDays * day).toISOString();
  const failedBefore = new Date(now.getTime() - failedDays * day).toISOString();
  // A plain range for the index (jobs_finished_idx); the CASE then applies each retention.
  const anyBefore = doneBefore > failedBefore ? doneBefore : failedBefore;
  const result: PurgeResult = { done: 0, failed: 0, batches: 0 };
  while (result.batches < maxBatches) {
    const rows = await queryRows<{ status: string }>(
      db,
      sql`delete from ${jobs} where id in (
            select id from ${jobs}
            where status in ('done', 'canceled', 'failed')
              and finished_at < ${anyBefore}::timestamptz
              and finished_at < case when status = 'failed'
                then ${failedBefore}::timestamptz else ${doneBefore}::timestamptz end
            order by finished_at
            limit ${batchSize}
            for update skip locked)
          returning status`,
    );
    result.batches++;
    for (const row of rows) {
      if (row.status === 'failed') result.failed++;
      else result.done++;
    }
    if (rows.length < batchSize) break;
  }
  return result;
}

export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly kindLanes = new KindLanes();
  /** Where the next run's first round of kinds starts (the kinds take turns going first). */
  private turn = 0;
  private readonly leaseMs: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;

  constructor(
    private readonly db: Db,
    private readonly options: JobQueueOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.backoffMs = options.backoffMs ?? 30_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 30 * 60_000;
  }

  register(kind: string, handler: JobHandler, options: RegisterOptions = {}): void {
    this.handlers.set(kind, handler);
    this.kindLanes.set(kind, options.lane);
  }

  /** The lanes with kinds registered in them, the default one first. */
  lanes(): JobLane[] {
    return this.kindLanes.all();
  }

  /** A kind's lane: the one it was registered in, else (also for an unknown kind) the default. */
  laneOf(kind: string): JobLane {
    return this.kindLanes.of(kind);
  }

  /** The kinds with a job to claim at `now` (job-lanes.ts). */
  dueKinds(now: Date): Promise<string[]> {
    return dueKindsAt(this.db, now);
  }

  /** Adds a job; pass the open transaction so it commits (or rolls back) with the change. */
  async enqueue(db: DbOrTx, job: EnqueueOptions): Promise<string> {
    const [id] = await enqueueJobs(db, [job]);
    return id!;
  }

  cancelByKey(db: DbOrTx, key: string): Promise<number> {
    return cancelJobsByKey(db, key);
  }

  /**
   * Claims one due job (or one whose lease expired), or null. One statement. With `id`: that
   * job only, if it is still there to claim (another worker may have it already); with `kind`:
   * the oldest due job of that kind (`jobs_kind_due_idx`).
   */
  async claim(now: Date, id?: string, kind?: string): Promise<ClaimedJob | null> {
    const only = id ? sql`id = ${id}::uuid` : kind ? sql`kind = ${kind}` : sql`true`;
    const lockedUntil = new Date(now.getTime() + this.leaseMs);
    const rows = await queryRows<{
      id: string;
      kind: string;
      key: string | null;
      payload: Record<string, unknown> | string;
      attempts: number;
      max_attempts: number;
      run_at: Date | string;
    }>(
      this.db,
      sql`update ${jobs} set status = 'running', attempts = attempts + 1,
            locked_until = ${lockedUntil.toISOString()}::timestamptz
          where id = (
            select id from ${jobs}
            -- A job queued "now" carries the database's microseconds; the claim's clock has
            -- milliseconds: due means due within the clock's millisecond. A running job was due
            -- when it was claimed, so run_at bounds the index range for both.
            where status in ('pending', 'running')
              and run_at < ${now.toISOString()}::timestamptz + interval '1 millisecond'
              and (status = 'pending' or locked_until <= ${now.toISOString()}::timestamptz)
              and ${only}
            order by run_at, id
            limit 1
            for update skip locked)
          returning id, kind, key, payload, attempts, max_attempts, run_at`,
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      kind: row.kind,
      key: row.key,
      payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      attempts: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
      runAt: new Date(row.run_at),
    };
  }

  /** Runs one claimed job to its next state (done, retry later, failed). */
  async runClaimed(job: ClaimedJob, now: Date): Promise<'done' | 'retried' | 'failed'> {
    const fence = and(
      eq(jobs.id, job.id),
      eq(jobs.status, 'running'),
      eq(jobs.attempts, job.attempts),
    );
    const handler = this.handlers.get(job.kind);
    let error: unknown = null;
    if (job.attempts > job.maxAttempts) {
      error = new Error('gave up: the job was interrupted too often');
    } else if (!handler) {
      error = new Error(`no handler for job kind ${job.kind}`);
    } else {
      try {
        await handler(job.payload, { job, now });
      } catch (caught) {
        error = caught;
      }
    }
    let outcome: 'done' | 'retried' | 'failed';
    if (error === null) {
      outcome = 'done';
      await this.db
        .update(jobs)
        .set({ status: 'done', finishedAt: now, lockedUntil: null })
        .where(fence);
    } else {
      const message = error instanceof Error ? error.message : String(error);
      if (job.attempts >= job.maxAttempts) {
        outcome = 'failed';
        await this.db
          .update(jobs)
          .set({ status: 'failed', finishedAt: now, lockedUntil: null, lastError: message })
          .where(fence);
        this.options.log.error(
          { jobId: job.id, kind: job.kind, err: message },
          'job failed for good',
        );
      } else {
        outcome = 'retried';
        const delay = backoffDelay(job.attempts, this.backoffMs, this.maxBackoffMs);
        await this.db
          .update(jobs)
          .set({
            status: 'pending',
            runAt: new Date(now.getTime() + delay),
            lockedUntil: null,
            lastError: message,
          })
          .where(fence);
        this.options.log.warn(
          { jobId: job.id, kind: job.kind, attempt: job.attempts, err: message },
          'job failed, will retry',
        );
      }
    }
    this.options.onFinished?.(job.kind, outcome);
    return outcome;
  }

  /**
   * Runs every job due at `now` until none is left or `limit` ran, the kinds taking turns (one
   * job of each kind with one due per round, oldest first within the kind: job-lanes.ts,
   * docs/decisions/083-background-work-under-load.md). With `lane`: its kinds only, up to its
   * `concurrency` jobs at once. `now` is a fixed instant (tests' fake clock) or a clock read
   * before each claim, so that every lease counts from the moment its job was claimed. Stops
   * early, before a claim, once `yieldTo()` says requests are waiting (the worker's next tick
   * goes on); the loops past the first stop while `yieldExtra()` says so.
   */
  runDue(
    now: Date | (() => Date) = () => new Date(),
    limit = 500,
    yieldTo: () => boolean = () => false,
    lane?: JobLane,
    yieldExtra: () => boolean = yieldTo,
  ): Promise<RunSummary> {
    const clock = typeof now === 'function' ? now : () => now;
    return runInTurns({
      limit,
      concurrency: lane?.concurrency ?? 1,
      yieldTo,
      yieldExtra,
      dueKinds: async () => {
        const kinds = await this.dueKinds(clock());
        return lane === undefined ? kinds : kinds.filter((k) => this.laneOf(k).name === lane.name);
      },
      firstTurn: (kinds) => this.turn++ % kinds,
      claim: (kind) => this.claim(clock(), undefined, kind),
      run: (job) => this.runClaimed(job, clock()),
    });
  }

  /**
   * Runs these jobs now, on this instance, if they are still to claim (jobs just committed that
   * must not wait for the worker's next poll: a booking's web push, docs/decisions/073-phones.md).
   * A job another worker took, or that fails, follows the queue's usual course.
   */
  async runNow(ids: readonly string[], clock: () => Date = () => new Date()): Promise<RunSummary> {
    const summary: RunSummary = { done: 0, retried: 0, failed: 0 };
    for (const id of ids) {
      const job = await this.claim(clock(), id);
      if (job) summary[await this.runClaimed(job, clock())]++;
    }
    return summary;
  }

  /** Jobs per status (for /metrics and tests). */
  async countByStatus(): Promise<Record<string, number>> {
    const rows = await queryRows<{ status: string; n: number | string }>(
      this.db,
      sql`select status, count(*) as n from ${jobs} group by status`,
    );
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  /** Pending jobs of some keys (tests and diagnostics). */
  async pending(keys: string[]) {
    if (keys.length === 0) return [];
    return this.db
      .select({ id: jobs.id, kind: jobs.kind, key: jobs.key, runAt: jobs.runAt })
      .from(jobs)
      .where(and(inArray(jobs.key, keys), eq(jobs.status, 'pending')));
  }
}
