import {
  CATALOGUE_MESSAGES,
  createServiceBodySchema,
  serviceDeleteResponseSchema,
  serviceIdParamsSchema,
  serviceMessageResponseSchema,
  servicesResponseSchema,
  updateServiceBodySchema,
} from '@slotwise/shared/catalogue-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardedRoutes } from '../../lib/route-options';
import { authenticated, providerIdOf } from '../../plugins/authenticate';
import { createService, deleteService, listServices, updateService } from './services';

/** docs/product.md §11 services: providers only, each on their own services. */
export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const providerOnly = authenticated('provider');
  const services = guardedRoutes(providerOnly, 400, 401, 403);
  const newService = guardedRoutes(providerOnly, 400, 401, 403, 409);
  const ownService = guardedRoutes(providerOnly, 400, 401, 403, 404);

  app.get(
    '/services',
    services({ response: { 200: servicesResponseSchema } }),
    async (request) => ({ services: await listServices(app.database.db, providerIdOf(request)) }),
  );

  app.post(
    '/services',
    newService({ body: createServiceBodySchema, response: { 201: serviceMessageResponseSchema } }),
    async (request, reply) => {
      const service = await createService(app.database.db, providerIdOf(request), request.body);
      return reply.code(201).send({ message: CATALOGUE_MESSAGES.serviceCreated, service });
    },
  );

  app.patch(
    '/services/:id',
    ownService({
      params: serviceIdParamsSchema,
      body: updateServiceBodySchema,
      response: { 200: serviceMessageResponseSchema },
    }),
    async (request) => {
      const service = await updateService(
        app.database.db,
        providerIdOf(request),
        request.params.id,
        request.body,
      );
      return { message: CATALOGUE_MESSAGES.serviceUpdated, service };
    },
  );

  app.delete(
    '/services/:id',
    ownService({ params: serviceIdParamsSchema, response: { 200: serviceDeleteResponseSchema } }),
    async (request) => {
      const result = await deleteService(app.database.db, providerIdOf(request), request.params.id);
      return {
        message: result.archived
          ? CATALOGUE_MESSAGES.serviceArchived
          : CATALOGUE_MESSAGES.serviceDeleted,
        ...result,
      };
    },
  );
};
