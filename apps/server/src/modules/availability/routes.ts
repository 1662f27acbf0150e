import {
  AVAILABILITY_MESSAGES,
  timeOffBodySchema,
  timeOffBookedMessage,
  timeOffCreatedResponseSchema,
  timeOffListResponseSchema,
  weeklyHoursBodySchema,
  weeklyHoursResponseSchema,
  weeklyHoursSavedResponseSchema,
} from '@slotwise/shared/availability-schemas';
import { ERROR_CODES } from '@slotwise/shared/api-error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticated, providerIdOf } from '../auth/authenticate';
import {
  createTimeOff,
  deleteTimeOff,
  getWeeklyHours,
  listTimeOff,
  saveWeeklyHours,
} from './service';

const errorBody = z.object({
  message: z.string(),
  error: z.string(),
  code: z.enum(ERROR_CODES),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
const errors = { 400: errorBody, 401: errorBody, 403: errorBody } as const;

const idParams = z.object({ id: z.uuid(AVAILABILITY_MESSAGES.invalidTimeOffId) });

/** Weekly hours and time off: providers only, each on their own schedule. */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const providerOnly = authenticated('provider');

  app.get(
    '/availability/weekly',
    {
      onRequest: providerOnly,
      schema: { response: { 200: weeklyHoursResponseSchema, ...errors } },
    },
    async (request) => getWeeklyHours(app.database.db, providerIdOf(request)),
  );

  app.put(
    '/availability/weekly',
    {
      onRequest: providerOnly,
      schema: {
        body: weeklyHoursBodySchema,
        response: { 200: weeklyHoursSavedResponseSchema, ...errors },
      },
    },
    async (request) => {
      const saved = await saveWeeklyHours(app.database.db, providerIdOf(request), request.body);
      return { message: AVAILABILITY_MESSAGES.weeklySaved, ...saved };
    },
  );

  app.get(
    '/availability/time-off',
    {
      onRequest: providerOnly,
      schema: { response: { 200: timeOffListResponseSchema, ...errors } },
    },
    async (request) => ({ timeOff: await listTimeOff(app.database.db, providerIdOf(request)) }),
  );

  app.post(
    '/availability/time-off',
    {
      onRequest: providerOnly,
      schema: {
        body: timeOffBodySchema,
        response: { 201: timeOffCreatedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createTimeOff(app.database.db, providerIdOf(request), request.body);
      return reply
        .code(201)
        .send({ message: timeOffBookedMessage(created.bookedAppointments.length), ...created });
    },
  );

  app.delete(
    '/availability/time-off/:id',
    {
      onRequest: providerOnly,
      schema: {
        params: idParams,
        response: {
          200: z.object({ message: z.string(), createdSlots: z.number() }),
          ...errors,
          404: errorBody,
        },
      },
    },
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
