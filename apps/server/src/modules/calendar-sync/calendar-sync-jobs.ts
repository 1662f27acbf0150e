import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CALENDAR_SYNC_JOB, queueNextSync, type SyncRuntime, syncConnection } from './sync';

const syncPayload = z.object({ connectionId: z.uuid() });

/**
 * Each connection's sync is a job that queues the next one (docs/decisions/071-calendar-sync.md):
 * durable, run once whatever the number of instances, and never two chains for one connection
 * (queueNextSync replaces any pending one).
 */
export function registerCalendarSyncJobs(app: FastifyInstance, rt: SyncRuntime): void {
  app.jobs.register(CALENDAR_SYNC_JOB, async (raw, context) => {
    const { connectionId } = syncPayload.parse(raw);
    const outcome = await syncConnection(rt, connectionId, context.now);
    if (outcome.kind !== 'gone') await queueNextSync(app.database.db, connectionId);
  });
}
