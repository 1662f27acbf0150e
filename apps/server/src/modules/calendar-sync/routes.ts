import {
  busyBlockSchema,
  CALENDAR_SYNC_MESSAGES,
  calendarConnectionParamsSchema,
  calendarConnectionResponseSchema,
  calendarConnectionsSchema,
  createCalendarConnectionSchema,
} from '@slotwise/shared/calendar-sync-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ValidationError } from '../../errors';
import { guardedRoutes } from '../../lib/route-options';
import { authenticated, providerIdOf } from '../../plugins/authenticate';
import { busyBlocksOf } from './busy-blocks';
import { queueCaldavBackfill } from './caldav-push-jobs';
import { connectionsOf, createConnection, deleteConnection, ownConnectionId } from './connections';
import { type SyncRuntime, syncConnection } from './sync';

declare module 'fastify' {
  interface FastifyInstance {
    /** Calendar sync (docs/decisions/071-calendar-sync.md): sources, sealing, settings. */
    calendarSync: SyncRuntime & { allowPrivateUrls: boolean };
  }
}

const busyQuerySchema = z.object({
  from: z.iso.datetime({ offset: true, error: 'Invalid from' }),
  to: z.iso.datetime({ offset: true, error: 'Invalid to' }),
});

/**
 * A provider's calendars (docs/product.md §18, docs/decisions/071-calendar-sync.md): connect an
 * ICS address or a CalDAV calendar, list them (with their health, never a secret), sync one now,
 * remove one; and the busy blocks the week calendar greys out.
 */
export const calendarSyncRoutes: FastifyPluginAsyncZod = async (app) => {
  const providerOnly = authenticated('provider');
  const providerWrite = guardedRoutes(providerOnly, 400, 401, 403, 404, 409);
  const providerRead = guardedRoutes(providerOnly, 400, 401, 403);
  const rt = app.calendarSync;
  const db = app.database.db;

  app.post(
    '/calendar/connections',
    providerWrite({
      body: createCalendarConnectionSchema,
      response: { 201: calendarConnectionResponseSchema },
    }),
    async (request, reply) => {
      const providerId = providerIdOf(request);
      const created = await createConnection(db, rt.box, rt, providerId, request.body);
      // The first sync at once: the answer shows what was read (or why it could not be); it
      // queues the next one.
      await syncConnection(rt, created.id);
      // A CalDAV calendar also gets the bookings still to come (caldav-push-jobs.ts).
      if (created.kind === 'caldav') await queueCaldavBackfill(db, created.id);
      const [connection] = await connectionsOf(db, providerId, created.id);
      return reply
        .code(201)
        .send({ message: CALENDAR_SYNC_MESSAGES.added, connection: connection! });
    },
  );

  app.get(
    '/calendar/connections',
    providerRead({ response: { 200: calendarConnectionsSchema } }),
    async (request) => ({ connections: await connectionsOf(db, providerIdOf(request)) }),
  );

  app.post(
    '/calendar/connections/:id/sync',
    providerWrite({
      params: calendarConnectionParamsSchema,
      response: { 200: calendarConnectionResponseSchema },
    }),
    async (request) => {
      const providerId = providerIdOf(request);
      const id = await ownConnectionId(db, providerId, request.params.id);
      await syncConnection(rt, id);
      const [connection] = await connectionsOf(db, providerId, id);
      return { message: CALENDAR_SYNC_MESSAGES.synced, connection: connection! };
    },
  );

  app.delete(
    '/calendar/connections/:id',
    providerWrite({
      params: calendarConnectionParamsSchema,
      response: { 200: z.object({ message: z.string() }) },
    }),
    async (request) => {
      await deleteConnection(db, providerIdOf(request), request.params.id);
      return { message: CALENDAR_SYNC_MESSAGES.removed };
    },
  );

  app.get(
    '/calendar/busy',
    providerRead({
      querystring: busyQuerySchema,
      response: { 200: z.object({ busy: z.array(busyBlockSchema) }) },
    }),
    async (request) => {
      const from = new Date(request.query.from);
      const to = new Date(request.query.to);
      if (to <= from || to.getTime() - from.getTime() > 62 * 86_400_000) {
        throw ValidationError.field('to', 'Choose a range of at most 62 days, from before to');
      }
      return { busy: await busyBlocksOf(db, providerIdOf(request), { from, to }) };
    },
  );
};
