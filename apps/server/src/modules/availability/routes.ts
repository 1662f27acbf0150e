import {
  AVAILABILITY_MESSAGES,
  timeOffBodySchema,
  timeOffBookedMessage,
  timeOffCreatedResponseSchema,
  timeOffIdParamsSchema,
  timeOffListResponseSchema,
  weeklyHoursBodySchema,
  weeklyHoursResponseSchema,
  weeklyHoursSavedResponseSchema,
} from '@slotwise/shared/availability-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardedRoutes } from '../../lib/route-options';
import { authenticated, providerIdOf } from '../../plugins/authenticate';
import {
  createTimeOff,
  deleteTimeOff,
  getWeeklyHours,
  listTimeOff,
  saveWeeklyHours,
} from './service';

/** Weekly hours and time off: providers only, each on their own schedule. */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const providerOnly = authenticated('provider');
  const schedule = guardedRoutes(providerOnly, 400, 401, 403);
  const ownTimeOff = guardedRoutes(providerOnly, 400, 401, 403, 404);

  app.get(
    '/availability/weekly',
    schedule({ response: { 200: weeklyHoursResponseSchema } }),
    async (request) => getWeeklyHours(app.database.db, providerIdOf(request)),
  );

  app.put(
    '/availability/weekly',
    schedule({ body: weeklyHoursBodySchema, response: { 200: weeklyHoursSavedResponseSchema } }),
    async (request) => {
      const saved = await saveWeeklyHours(app.database.db, providerIdOf(request), request.body);
      return { message: AVAILABILITY_MESSAGES.weeklySaved, ...saved };
    },
  );

  app.get(
    '/availability/time-off',
    schedule({ response: { 200: timeOffListResponseSchema } }),
    async (request) => ({ timeOff: await listTimeOff(app.database.db, providerIdOf(request)) }),
  );

  app.post(
    '/availability/time-off',
    schedule({ body: timeOffBodySchema, response: { 201: timeOffCreatedResponseSchema } }),
    async (request, reply) => {
      const created = await createTimeOff(app.database.db, providerIdOf(request), request.body);
      return reply
        .code(201)
        .send({ message: timeOffBookedMessage(created.bookedAppointments.length), ...created });
    },
  );

  app.delete(
    '/availability/time-off/:id',
    ownTimeOff({
      params: timeOffIdParamsSchema,
      response: { 200: z.object({ message: z.string(), createdSlots: z.number() }) },
    }),
    async (request) => {
      const { createdSlots } = await deleteTimeOff(
        app.database.db,
        providerIdOf(request),
        request.params.id,
      );
      return { message: AVAILABILITY_MESSAGES.timeOffDeleted, createdSlots };
    },
  );
};
