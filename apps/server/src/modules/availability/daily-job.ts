import type { GenerationReport } from '@slotwise/shared/availability-schemas';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/client';
import { availabilitySettings, scheduleRuns } from '../../db/schema';
import { type PurgeOptions, purgeFinishedJobs } from '../../jobs/job-queue';
import { regenerateSlots } from './generate';

/**
 * The daily run that keeps every provider's weekly hours filled up to their horizon
 * (docs/decisions/040-weekly-hours-and-time-off.md). One run per UTC day across all instances:
 * the instance whose `INSERT … ON CONFLICT DO NOTHING` creates the day's `schedule_runs` row runs
 * it; a run left unfinished for an hour (a crashed instance) may be taken over. Each provider is
 * regenerated in its own transaction under their generation lock, so a run racing a save (or a
 * second run) creates nothing twice. An instance checks at start and then hourly whether the
 * day's run has happened, so a day missed during downtime is caught up.
 */

export const CHECK_EVERY_MS = 60 * 60 * 1000;

export interface DailyRunResult {
  /** False when another instance already ran (or is running) this day. */
  ran: boolean;
  day: string;
  providers: number;
  created: number;
  failed: number;
  /** Finished jobs deleted by the day's purge (docs/decisions/042-job-queue.md). */
  purgedJobs: number;
}

export interface Schedule {
  /** The day's run, if nobody ran it yet (tests call it with their own clock). */
  runDaily(now?: Date): Promise<DailyRunResult>;
  /** Has the day's run finished? */
  hasRun(now?: Date): Promise<boolean>;
  /** One provider's generation in its own transaction. */
  fillProvider(providerId: string, now?: Date): Promise<GenerationReport>;
  /** Checks at once, then every hour; `stop` ends it and waits for a run in progress. */
  start(): void;
  stop(): Promise<void>;
}

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

export function createSchedule(
  db: Db,
  log: FastifyBaseLogger,
  jobRetention: PurgeOptions = { doneDays: 7, failedDays: 30 },
): Schedule {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;

  async function claim(now: Date): Promise<boolean> {
    const rows = await queryRows<{ day: string }>(
      db,
      sql`insert into ${scheduleRuns} (day, started_at)
          values (${utcDay(now)}::date, ${now.toISOString()}::timestamptz)
          on conflict (day) do update set started_at = excluded.started_at
            where ${scheduleRuns}.finished_at is null
              and ${scheduleRuns}.started_at < excluded.started_at - interval '1 hour'
          returning day::text as day`,
    );
    return rows.length > 0;
  }

  const schedule: Schedule = {
    async runDaily(now = new Date()) {
      const day = utcDay(now);
      const result: DailyRunResult = {
        ran: false,
        day,
        providers: 0,
        created: 0,
        failed: 0,
        purgedJobs: 0,
      };
      if (!(await claim(now))) return result;
      result.ran = true;
      const providerRows = await queryRows<{ provider_id: string }>(
        db,
        sql`select provider_id from ${availabilitySettings} order by provider_id`,
      );
      for (const { provider_id: providerId } of providerRows) {
        try {
          const report = await schedule.fillProvider(providerId, now);
          result.providers++;
          result.created += report.created;
        } catch (err) {
          result.failed++;
          log.error({ err, providerId }, 'weekly hours: generation failed for a provider');
        }
      }
      // Housekeeping of the job queue rides on the same once-a-day run.
      try {
        const purged = await purgeFinishedJobs(db, now, jobRetention);
        result.purgedJobs = purged.done + purged.failed;
      } catch (err) {
        log.error({ err }, 'job queue: purge of finished jobs failed');
      }
      await db.execute(
        sql`update ${scheduleRuns} set finished_at = now(), providers = ${result.providers},
              created = ${result.created}
            where day = ${day}::date`,
      );
      log.info(result, 'daily run done (weekly hours, job purge)');
      return result;
    },

    async hasRun(now = new Date()) {
      const rows = await queryRows<{ done: boolean }>(
        db,
        sql`select finished_at is not null as done from ${scheduleRuns} where day = ${utcDay(now)}::date`,
      );
      return rows[0]?.done ?? false;
    },

    fillProvider(providerId, now = new Date()) {
      return db.transaction((tx) => regenerateSlots(tx, providerId, now));
    },

    start() {
      if (timer || stopped) return;
      const check = () => {
        if (running || stopped) return;
        running = (async () => {
          if (!(await schedule.hasRun())) await schedule.runDaily();
        })()
          .catch((err: unknown) => log.error({ err }, 'weekly hours: daily check failed'))
          .finally(() => {
            running = null;
          });
      };
      timer = setInterval(check, CHECK_EVERY_MS);
      timer.unref();
      check();
    },

    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
  return schedule;
}
