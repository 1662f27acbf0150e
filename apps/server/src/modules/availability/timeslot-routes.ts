import { MESSAGES } from '@slotwise/shared/texts';
import { bulkCreateTimeslotsBodySchema } from '@slotwise/shared/availability-slot-run-schemas';
import { bulkCreatedMessage, TIMESLOT_MESSAGES } from '@slotwise/shared/availability-slot-texts';
import {
  bulkCreateTimeslotsResponseSchema,
  createTimeslotBodySchema,
  timeslotMessageResponseSchema,
  updateTimeslotBodySchema,
} from '@slotwise/shared/availability-slot-schemas';
import {
  timeslotViewResponseSchema,
  timeslotWindowQuerySchema,
} from '@slotwise/shared/availability-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardedRoutes } from '../../lib/route-options';
import { authenticated, authOf, providerIdOf } from '../../plugins/authenticate';
import {
  bulkCreateTimeslots,
  createTimeslot,
  deleteTimeslot,
  listTimeslots,
  updateTimeslot,
} from './timeslot-service';
import { windowVariant } from '../../push/provider-window-cache';
import { timeslotWindowJson } from './timeslot-window';

const idParams = z.object({ id: z.uuid(TIMESLOT_MESSAGES.invalidId) });

/** docs/product.md §7 time slot calls, providers only, each on the caller's own slots. */
export const timeslotRoutes: FastifyPluginAsyncZod = async (app) => {
  const providerOnly = authenticated('provider');
  const slotList = guardedRoutes(providerOnly, 400, 401, 403);
  const newSlots = guardedRoutes(providerOnly, 400, 401, 403, 409);
  const ownSlot = guardedRoutes(providerOnly, 400, 401, 403, 404, 409);

  app.post(
    '/timeslots/create',
    newSlots({ body: createTimeslotBodySchema, response: { 201: timeslotMessageResponseSchema } }),
    async (request, reply) => {
      const slot = await createTimeslot(app.database.db, providerIdOf(request), request.body);
      return reply.code(201).send({ message: MESSAGES.slotCreated, slot });
    },
  );

  app.post(
    '/timeslots/bulk-create',
    newSlots({
      body: bulkCreateTimeslotsBodySchema,
      response: { 201: bulkCreateTimeslotsResponseSchema },
    }),
    async (request, reply) => {
      const slots = await bulkCreateTimeslots(app.database.db, providerIdOf(request), request.body);
      return reply.code(201).send({ message: bulkCreatedMessage(slots.length), slots });
    },
  );

  app.get(
    '/timeslots/view',
    slotList({
      querystring: timeslotWindowQuerySchema,
      response: { 200: timeslotViewResponseSchema },
    }),
    async (request, reply) => {
      const { from, to, include } = request.query;
      // A calendar window (docs/decisions/040-weekly-hours-and-time-off.md), else the product's list.
      if (from && to) {
        // JSON text built by PostgreSQL in the response schema's shape, sent as is (a string
        // skips the serializer): the week is paged through often (decision 046), so the answer
        // is kept per provider until something in it changes (decision 057). The key is the
        // asking provider's own id: only ever their own calendar.
        // The token check's instant: its barrier already covers it (no second round trip).
        const providerId = providerIdOf(request);
        const body = await app.windowCache.answer(
          'week',
          providerId,
          windowVariant({ from, to }),
          authOf(request).since,
          () => timeslotWindowJson(app.database.db, providerId, { from, to }),
        );
        // The type provider types send() as the schema's object; this is its JSON text.
        return reply.type('application/json; charset=utf-8').send(body as never);
      }
      return {
        slots: await listTimeslots(app.database.db, providerIdOf(request), {
          includePast: include === 'past',
        }),
      };
    },
  );

  app.patch(
    '/timeslots/update/:id',
    ownSlot({
      params: idParams,
      body: updateTimeslotBodySchema,
      response: { 200: timeslotMessageResponseSchema },
    }),
    async (request) => {
      const slot = await updateTimeslot(
        app.database.db,
        providerIdOf(request),
        request.params.id,
        request.body,
      );
      return { message: MESSAGES.slotUpdated, slot };
    },
  );

  app.delete(
    '/timeslots/delete/:id',
    ownSlot({ params: idParams, response: { 200: z.object({ message: z.string() }) } }),
    async (request) => {
      await deleteTimeslot(app.database.db, providerIdOf(request), request.params.id);
      return { message: MESSAGES.slotDeleted };
    },
  );
};
