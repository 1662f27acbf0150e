import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { JobLane } from '../../jobs/job-queue';
import { CALENDAR_SYNC_JOB, type SyncRuntime, syncConnection } from './sync';

const syncPayload = z.object({ connectionId: z.uuid() });

/**
 * Calendar syncs run in a lane of their own (docs/decisions/083-background-work-under-load.md):
 * a stale calendar lets a slot the provider is busy at be booked, so no backlog of mail may hold
 * them up, and a sync mostly waits (the calendar's server, then the pool), so several are in
 * flight at once. 1,000 connections polled every 5 minutes are 3.3 syncs a second.
 */
export const CALENDAR_SYNC_LANE: JobLane = { name: 'calendar-sync', concurrency: 4 };

/**
 * Each connection's sync is a job that queues the next one (docs/decisions/071-calendar-sync.md):
 * durable, run once whatever the number of instances, and never two chains for one connection
 * (syncConnection queues the next one in the transaction of its outcome, replacing any pending one).
 */
export function registerCalendarSyncJobs(app: FastifyInstance, rt: SyncRuntime): void {
  app.jobs.register(
    CALENDAR_SYNC_JOB,
    async (raw, context) => {
      const { connectionId } = syncPayload.parse(raw);
      await syncConnection(rt, connectionId, context.now);
    },
    { lane: CALENDAR_SYNC_LANE },
  );
}
