import { errorResponses } from '@slotwise/shared/api-error-schemas';
import {
  acceptInvitationBodySchema,
  BUSINESS_MESSAGES,
  businessIdParamsSchema,
  businessSlotsQuerySchema,
  createBusinessBodySchema,
  createResourceBodySchema,
  invitationSchema,
  inviteStaffBodySchema,
  mergedSlotsResponseSchema,
  ownBusinessResponseSchema,
  ownBusinessSchema,
  publicBusinessResponseSchema,
  removeStaffParamsSchema,
  removeStaffQuerySchema,
  resourceIdParamsSchema,
  resourceSchema,
  staffBookingsSchema,
} from '@slotwise/shared/business-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardedRoutes } from '../../lib/route-options';
import {
  authenticated,
  authOf,
  optionallyAuthenticated,
  providerIdOf,
} from '../../plugins/authenticate';
import { getPublicBusiness, mergedAvailableSlots } from './public-business';
import {
  acceptInvitation,
  createBusiness,
  createResource,
  deleteResource,
  getOwnBusiness,
  inviteStaff,
} from './service';
import { removeStaff, upcomingOfStaff } from './staff-removal';

const messageOnly = z.object({ message: z.string() });

/** Teams and resources (docs/product.md §13.1): the owner changes the business, staff read it. */
export const businessRoutes: FastifyPluginAsyncZod = async (app) => {
  const providerOnly = authenticated('provider');
  const read = guardedRoutes(providerOnly, 401, 403);
  const write = guardedRoutes(providerOnly, 400, 401, 403, 404, 409);
  const db = () => app.database.db;

  app.get('/business', read({ response: { 200: ownBusinessResponseSchema } }), async (request) => ({
    business: await getOwnBusiness(db(), providerIdOf(request)),
  }));

  app.post(
    '/business',
    write({
      body: createBusinessBodySchema,
      response: { 201: z.object({ message: z.string(), business: ownBusinessSchema }) },
    }),
    async (request, reply) =>
      reply.code(201).send({
        message: BUSINESS_MESSAGES.businessCreated,
        business: await createBusiness(db(), providerIdOf(request), request.body.name),
      }),
  );

  app.post(
    '/business/invitations',
    write({
      body: inviteStaffBodySchema,
      response: { 201: z.object({ message: z.string(), invitation: invitationSchema }) },
    }),
    async (request, reply) =>
      reply.code(201).send({
        message: BUSINESS_MESSAGES.invitationSent,
        invitation: await inviteStaff(db(), providerIdOf(request), request.body.email),
      }),
  );

  app.post(
    '/business/invitations/accept',
    write({
      body: acceptInvitationBodySchema,
      response: { 200: z.object({ message: z.string(), business: ownBusinessSchema }) },
    }),
    async (request) => ({
      message: BUSINESS_MESSAGES.invitationAccepted,
      business: await acceptInvitation(db(), providerIdOf(request), request.body.token),
    }),
  );

  app.get(
    '/business/staff/:providerId/upcoming',
    write({ params: removeStaffParamsSchema, response: { 200: staffBookingsSchema } }),
    async (request) => ({
      appointments: await upcomingOfStaff(db(), providerIdOf(request), request.params.providerId),
    }),
  );

  app.delete(
    '/business/staff/:providerId',
    write({
      params: removeStaffParamsSchema,
      querystring: removeStaffQuerySchema,
      response: { 200: z.object({ message: z.string(), canceled: z.number() }) },
    }),
    async (request) => {
      const { canceled } = await removeStaff(
        db(),
        { providerId: providerIdOf(request), userId: authOf(request).userId },
        request.params.providerId,
        request.query.futureBookings,
        app.appointmentChanges,
      );
      return { message: BUSINESS_MESSAGES.staffRemoved, canceled };
    },
  );

  app.post(
    '/business/resources',
    write({
      body: createResourceBodySchema,
      response: { 201: z.object({ message: z.string(), resource: resourceSchema }) },
    }),
    async (request, reply) =>
      reply.code(201).send({
        message: BUSINESS_MESSAGES.resourceCreated,
        resource: await createResource(db(), providerIdOf(request), request.body.name),
      }),
  );

  app.delete(
    '/business/resources/:id',
    write({ params: resourceIdParamsSchema, response: { 200: messageOnly } }),
    async (request) => {
      await deleteResource(db(), providerIdOf(request), request.params.id);
      return { message: BUSINESS_MESSAGES.resourceDeleted };
    },
  );

  // Public: signed out too (a token, if sent, is checked).
  const anyone = optionallyAuthenticated();
  const publicErrors = errorResponses(400, 401, 404);
  app.get(
    '/businesses/:id',
    {
      onRequest: anyone,
      schema: {
        params: businessIdParamsSchema,
        response: { 200: publicBusinessResponseSchema, ...publicErrors },
      },
    },
    async (request) => ({
      // Public reads may come from the replica (docs/decisions/077-read-replica-and-pgbouncer.md).
      business: await getPublicBusiness((await app.reads.route(request)).db, request.params.id),
    }),
  );

  app.get(
    '/businesses/:id/available-slots',
    {
      onRequest: anyone,
      schema: {
        params: businessIdParamsSchema,
        querystring: businessSlotsQuerySchema,
        response: { 200: mergedSlotsResponseSchema, ...publicErrors },
      },
    },
    async (request, reply) => {
      // A signed-in caller's token check began earlier and its barrier covers that instant.
      const since = request.auth?.since ?? performance.now();
      const { serviceId, date } = request.query;
      const read = await app.reads.route(request);
      const load = async () => {
        const merged = await mergedAvailableSlots(read.db, request.params.id, serviceId, date);
        // The schema's serializer writes a string (the type allows buffers).
        return {
          body: String(reply.serialize({ slots: merged.slots })),
          providerIds: merged.staffIds,
        };
      };
      // Kept per business, service and day until any staff member's window changes, at most a
      // second (docs/decisions/057: the clock moves slots out; joins and leaves are not announced).
      // A caller's read of their own fresh write skips it; a replica's answer is kept only once
      // the replica has every change heard of (decision 077).
      const body = !read.windowCache
        ? (await load()).body
        : await app.windowCache.answerOf(
            'business',
            request.params.id,
            `${serviceId}|${date}`,
            since,
            load,
            read.keeps,
          );
      // The type provider types send() as the schema's object; this is its JSON text.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
};
